package e2e

import (
	"bytes"
	"context"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/uuid"
	"github.com/nats-io/nats.go"
	"google.golang.org/protobuf/proto"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/publish"
)

// TestReadAfterWriteAcrossReplicas reads, through gateway 1, an order
// placed through gateway 0, while the only engine that answers queries (a
// read replica) lags: it is stopped (SIGSTOP) while a backlog of commands
// and then the order are appended, and resumed only once the read's query
// waits in front of it. The replica then has the query to answer and
// backlogLen commands to fetch and apply before the order's; the read
// must show the order, because gateway 1 fences it on the command log's
// leader rather than on its own memory of the key's writes (it has none:
// the key never wrote through it). Before the fence, gateway 1 sent
// min_seq 0 and the replica answered ORDER_NOT_FOUND.
func TestReadAfterWriteAcrossReplicas(t *testing.T) {
	t.Parallel()
	x := startProcesses(t, 2, withReadReplica())
	n := newGatewayNet(t, x.urls, x.markets, x.dep)
	n.natsURL = x.natsURL
	onZero := n.trader("100")
	onOne := n.on(1, onZero)
	// Warm gateway 1's view of the key and markets before the replica
	// stops, so that the read below is its only engine query.
	onOne.balance(t, "")

	replica := x.procs["engine-replica"]
	if err := replica.Cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	resumed := false
	resume := func() {
		if !resumed {
			resumed = true
			if err := replica.Cmd.Process.Signal(syscall.SIGCONT); err != nil {
				t.Error(err)
			}
		}
	}
	t.Cleanup(resume) // runs before the processes are stopped

	appendBacklog(t, x.natsURL)
	placed := onZero.buy(t, n.market(0).YesTokenID(), "0.30", "10")
	queried := watchOrderQueries(t, x.natsURL, common.HexToHash(placed.OrderID))

	type answer struct {
		o   clobapi.OpenOrder
		err error
	}
	read := make(chan answer, 1)
	go func() {
		o, err := onOne.GetOrder(context.Background(), placed.OrderID)
		read <- answer{o, err}
	}()
	eventually.True(t, "gateway 1 sends the order's query to the stopped replica", func() bool {
		select {
		case <-queried:
			return true
		default:
			return false
		}
	})
	resume()
	got := <-read
	if got.err != nil {
		t.Fatalf("GET /order/%s through gateway 1 after it was placed through gateway 0: %v", placed.OrderID, got.err)
	}
	if got.o.ID != placed.OrderID || got.o.Status != "LIVE" {
		t.Fatalf("gateway 1 answers %+v, want the LIVE order %s", got.o, placed.OrderID)
	}
}

// backlogLen is how many commands the stopped replica has to catch up on
// before the order: more than one pull of the engine (1,000 messages), so
// that it cannot have them in hand when it resumes.
const backlogLen = 5_000

// appendBacklog appends backlogLen heartbeats of one made-up key.
func appendBacklog(t *testing.T, natsURL string) {
	t.Helper()
	nc, err := nats.Connect(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	pub, err := publish.New(nc, publish.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close()
	owner := uuid.New()
	var wg sync.WaitGroup
	var failed atomic.Pointer[error]
	slots := make(chan struct{}, backlogAppendsInFlight)
	for range backlogLen {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			id := uuid.New()
			if _, err := pub.Append(context.Background(), &pb.Command{Id: id[:],
				Body: &pb.Command_Heartbeat{Heartbeat: &pb.Heartbeat{Owner: owner[:]}}}); err != nil {
				failed.Store(&err)
			}
		})
	}
	wg.Wait()
	if err := failed.Load(); err != nil {
		t.Fatalf("append the backlog: %v", *err)
	}
}

// backlogAppendsInFlight lets the publisher batch the backlog.
const backlogAppendsInFlight = 256

// watchOrderQueries signals once an engine query for the order is on its
// way to the engines: the test listens on the query subject beside them.
func watchOrderQueries(t *testing.T, natsURL string, id common.Hash) <-chan struct{} {
	t.Helper()
	nc, err := nats.Connect(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	seen := make(chan struct{}, 1)
	sub, err := nc.Subscribe(journal.QuerySubject, func(m *nats.Msg) {
		var q pb.QueryRequest
		if proto.Unmarshal(m.Data, &q) == nil && bytes.Equal(q.GetOrder().GetOrderId(), id[:]) {
			select {
			case seen <- struct{}{}:
			default:
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := nc.Flush(); err != nil { // the subscription is in place
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sub.Unsubscribe() })
	return seen
}
