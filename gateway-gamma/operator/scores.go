package operator

import (
	"context"
	"slices"
	"time"

	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
)

// PutScores records the score feed's state of a game.
func (o *Operator) PutScores(ctx context.Context, id string, in gammaapi.ScoresInput) (*gammaapi.GameScores, error) {
	if _, ok := o.view.Game(id); !ok {
		return nil, errcode.New(errcode.GameNotFound)
	}
	if !slices.Contains([]string{gammaapi.ConsistencyOK, gammaapi.ConsistencyStale, gammaapi.ConsistencyInconsistent, gammaapi.ConsistencyNone}, in.Consistency) {
		return nil, invalid("consistency must be ok, stale, inconsistent or none")
	}
	if err := checkText("latestStatus", in.LatestStatus, labelBytesMax, true); err != nil {
		return nil, err
	}
	if in.LastFetchedAt.IsZero() || in.LastUpdatedAt.IsZero() {
		return nil, errcode.Errorf(errcode.InvalidDate, "lastFetchedAt and lastUpdatedAt are required")
	}
	s := &gammaapi.GameScores{FixtureID: id, Consistency: in.Consistency, LastFetchedAt: in.LastFetchedAt.UTC(),
		LastUpdatedAt: in.LastUpdatedAt.UTC(), LatestStatus: in.LatestStatus}
	rev, err := o.store.PutScores(ctx, s)
	if err != nil {
		return nil, err
	}
	return s, o.wait(ctx, rev)
}

// putFeedState writes GET /games/{id}/scores: lastFetchedAt is when the
// platform asked the source, lastUpdatedAt when the source's data last
// changed, so a lastUpdatedAt far behind lastFetchedAt shows a delayed
// feed.
func (o *Operator) putFeedState(ctx context.Context, id, consistency string, fetched, updated time.Time, status string) error {
	rev, err := o.store.PutScores(ctx, &gammaapi.GameScores{FixtureID: id, Consistency: consistency, LastFetchedAt: fetched,
		LastUpdatedAt: updated, LatestStatus: status})
	if err != nil {
		return err
	}
	return o.wait(ctx, rev)
}

// FeedFailed records a fetch that failed or was refused: the game keeps
// its state, and the feed's state says why (consistency stale or
// inconsistent), keeping the source's last update time.
func (o *Operator) FeedFailed(ctx context.Context, id, consistency, sourceStatus string) error {
	now := o.now().UTC()
	updated, status := now, sourceStatus
	if s, ok := o.view.Scores(id); ok {
		updated = s.LastUpdatedAt
		if status == "" {
			status = s.LatestStatus
		}
	}
	return o.putFeedState(ctx, id, consistency, now, updated, status)
}

// RecordFetch records a fetch whose report matches the game as it is:
// only the feed's state changes (lastFetchedAt; lastUpdatedAt is the
// source's).
func (o *Operator) RecordFetch(ctx context.Context, id string, r Report) error {
	if _, ok := o.view.Game(id); !ok {
		return errcode.Errorf(errcode.GameNotFound, "game %s: no such game", id)
	}
	now := o.now().UTC()
	if r.UpdatedAt.IsZero() {
		// The source does not date its data: it last changed when the
		// platform last saw it change.
		r.UpdatedAt = now
		if sc, ok := o.view.Scores(id); ok && !sc.LastUpdatedAt.IsZero() {
			r.UpdatedAt = sc.LastUpdatedAt
		}
	}
	if r.SourceStatus == "" {
		r.SourceStatus = r.Status
	}
	return o.putFeedState(ctx, id, gammaapi.ConsistencyOK, now, r.UpdatedAt.UTC(), r.SourceStatus)
}
