package stream

import (
	"context"
	"errors"
	"testing"

	"pred.dev/proto/client/clob"
)

// TestUserWithoutCredentials: a user stream whose client has no API
// credentials ends at once with clob.ErrNoCreds, without dialling.
func TestUserWithoutCredentials(t *testing.T) {
	t.Parallel()
	s := User(context.Background(), clob.New("http://127.0.0.1:1"), Subscription{})
	for range s.Messages() {
		t.Fatal("a stream without credentials delivered a message")
	}
	var fe *FinalError
	if err := s.Err(); !errors.As(err, &fe) || !errors.Is(err, clob.ErrNoCreds) || s.Status().Connects != 0 {
		t.Fatalf("ended with %v (status %+v), want a FinalError wrapping ErrNoCreds", err, s.Status())
	}
}
