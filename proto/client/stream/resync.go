package stream

import (
	"fmt"
	"time"
)

// ResyncLimitError ends a market Stream whose book of one token kept
// disagreeing with the server: it asked for Resyncs new snapshots within
// Window and the book disagreed again. Err is the last disagreement
// (a *HashMismatchError, or a level the client could not read).
type ResyncLimitError struct {
	AssetID string
	Resyncs int
	Window  time.Duration
	Err     error
}

func (e *ResyncLimitError) Error() string {
	return fmt.Sprintf("book of %s: %d new snapshots within %s, and it disagrees with the server again: %v", e.AssetID, e.Resyncs, e.Window, e.Err)
}

func (e *ResyncLimitError) Unwrap() error { return e.Err }

// resyncLog is when each token's recent new snapshots were asked for.
type resyncLog map[string][]time.Time

// allow records a new snapshot of assetID asked for at now, or, if
// max were asked for within window before now, refuses it.
func (l resyncLog) allow(assetID string, now time.Time, max int, window time.Duration) bool {
	recent := l[assetID][:0]
	for _, t := range l[assetID] {
		if now.Sub(t) < window {
			recent = append(recent, t)
		}
	}
	if len(recent) >= max {
		l[assetID] = recent
		return false
	}
	l[assetID] = append(recent, now)
	return true
}
