package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// RecentMax is how many transaction ids Recent returns.
const RecentMax = 100

func ownKey(owner, id string) string { return "own." + strings.ToLower(owner) + "." + id }

// AddOwned records that owner submitted id at createdAt, for Recent. It
// does not wait for the write: the submission is queued already, and a
// lost index entry only leaves it out of GET /transactions. A failed write
// is reported to failed.
func (s *Store) AddOwned(owner, id string, createdAt time.Time, failed func(error)) {
	v := []byte(strconv.FormatInt(createdAt.UnixMilli(), 10))
	fut, err := s.js.PublishAsync("$KV."+TxBucket+"."+ownKey(owner, id), v)
	if err != nil {
		failed(err)
		return
	}
	go func() {
		select {
		case <-fut.Ok():
		case err := <-fut.Err():
			failed(err)
		}
	}()
}

// Recent returns owner's most recent transaction ids (at most RecentMax),
// newest first.
func (s *Store) Recent(ctx context.Context, owner string) ([]string, error) {
	prefix := "own." + strings.ToLower(owner) + "."
	w, err := s.txs.WatchFiltered(ctx, []string{prefix + "*"}, jetstream.IgnoreDeletes())
	if err != nil {
		return nil, fmt.Errorf("store: recent: %w", err)
	}
	defer func() { _ = w.Stop() }()
	type owned struct {
		id string
		at int64
	}
	var all []owned
	for {
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("store: recent: %w", ctx.Err())
		case e, ok := <-w.Updates():
			if !ok {
				return nil, errors.New("store: recent: the watch ended")
			}
			if e == nil {
				slices.SortFunc(all, func(a, b owned) int {
					if a.at != b.at {
						return int(b.at - a.at)
					}
					return strings.Compare(a.id, b.id)
				})
				ids := make([]string, 0, min(len(all), RecentMax))
				for _, o := range all[:min(len(all), RecentMax)] {
					ids = append(ids, o.id)
				}
				return ids, nil
			}
			at, _ := strconv.ParseInt(string(e.Value()), 10, 64)
			all = append(all, owned{strings.TrimPrefix(e.Key(), prefix), at})
		}
	}
}
