package errcode

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"pred.dev/proto/pb"
)

// TestEveryRejectReasonIsMapped walks the protobuf enum itself, so a reason
// added to the schema fails here until it has a code.
func TestEveryRejectReasonIsMapped(t *testing.T) {
	values := pb.RejectReason(0).Descriptor().Values()
	for i := range values.Len() {
		r := pb.RejectReason(values.Get(i).Number())
		c, ok := rejectCodes[r]
		if !ok {
			t.Errorf("%s has no error code", r)
			continue
		}
		if !c.Known() {
			t.Errorf("%s maps to %q, which is not in the table", r, c)
		}
	}
	if len(rejectCodes) != values.Len() {
		t.Errorf("rejectCodes has %d entries for %d enum values", len(rejectCodes), values.Len())
	}
}

func TestOrderRejectionsAre4xx(t *testing.T) {
	for r, c := range rejectCodes {
		if r == pb.RejectReason_REJECT_REASON_UNSPECIFIED {
			continue
		}
		if s := c.Status(); s < 400 || s > 499 {
			t.Errorf("%s maps to %s with status %d, want 4xx", r, c, s)
		}
	}
}

var codeName = regexp.MustCompile(`^[A-Z][A-Z0-9_]*[A-Z0-9]$`)

func TestTableIsWellFormed(t *testing.T) {
	all := All()
	if len(all) != len(table) {
		t.Fatalf("All returned %d entries, table has %d", len(all), len(table))
	}
	for _, e := range all {
		if !codeName.MatchString(string(e.Code)) {
			t.Errorf("code %q is not UPPER_SNAKE_CASE", e.Code)
		}
		if e.Status < 400 || e.Status > 599 {
			t.Errorf("%s: status %d is not an error status", e.Code, e.Status)
		}
		if len(e.Message) < 20 || strings.HasSuffix(e.Message, ".") {
			t.Errorf("%s: message %q should say what to fix, without a final period", e.Code, e.Message)
		}
		if got, ok := Lookup(e.Code); !ok || got != e {
			t.Errorf("Lookup(%s) = %+v, %v", e.Code, got, ok)
		}
	}
	for i := 1; i < len(all); i++ {
		if all[i-1].Status > all[i].Status {
			t.Fatalf("All is not sorted by status at %s", all[i].Code)
		}
	}
}

// TestSpecStatuses pins the statuses the interface specification and the
// design fix.
func TestSpecStatuses(t *testing.T) {
	want := map[Code]int{
		InvalidOrderMinTickSize: 400, InvalidOrderPrice: 400, InvalidOrderMinSize: 400,
		InvalidOrderMaxSize: 400, TooManyOrders: 400, TooManyTokenIDs: 400,
		Unauthorized: 401, InvalidAPIKey: 401, InvalidL1Signature: 401, L1NonceUsed: 401,
		OrderNotFound: 404, TokenNotFound: 404, RateLimited: 429,
		EngineUnavailable: 503, EngineTimeout: 503,
	}
	for c, s := range want {
		if c.Status() != s {
			t.Errorf("%s: status %d, want %d", c, c.Status(), s)
		}
	}
	if Code("NO_SUCH_CODE").Status() != 500 || Code("NO_SUCH_CODE").Known() {
		t.Error("an unknown code must be unknown and map to 500")
	}
}

func TestErrorsIs(t *testing.T) {
	err := fmt.Errorf("placing: %w", Errorf(InvalidOrderMinTickSize, "price 0.555 is off the 0.01 grid"))
	if !errors.Is(err, InvalidOrderMinTickSize) {
		t.Fatal("errors.Is does not match the code through wrapping")
	}
	if errors.Is(err, InvalidOrderMinSize) {
		t.Fatal("errors.Is matches a different code")
	}
	if !errors.Is(err, New(InvalidOrderMinTickSize)) {
		t.Fatal("errors.Is does not match another *Error with the same code")
	}
	if CodeOf(err) != InvalidOrderMinTickSize || CodeOf(errors.New("x")) != InternalError || CodeOf(RateLimited) != RateLimited {
		t.Fatal("CodeOf is wrong")
	}
	if err.Error() != "placing: price 0.555 is off the 0.01 grid" {
		t.Fatalf("message %q", err.Error())
	}
	cause := errors.New("nats: timeout")
	w := Wrap(EngineUnavailable, cause)
	if !errors.Is(w, cause) || w.Error() != EngineUnavailable.Message() || w.Status() != 503 {
		t.Fatalf("Wrap: %v", w)
	}
	if RejectError(pb.RejectReason_REJECT_REASON_FOK_NOT_FILLED).Code != FOKOrderNotFilled {
		t.Fatal("RejectError maps FOK_NOT_FILLED wrongly")
	}
	if FromReject(pb.RejectReason(9999)) != InternalError {
		t.Fatal("an unknown reason must map to INTERNAL_ERROR")
	}
}
