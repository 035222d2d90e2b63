package service

import (
	"context"
	"crypto/rand"
	"errors"
	"time"

	"go.uber.org/zap"

	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/publish"
)

// tick appends a Tick command to the log at a fixed interval. Expiries and
// heartbeat timeouts then happen at a point in the log, so every engine
// replaying it sees them at the same command.
func (s *Service) tick(ctx context.Context) error {
	pub, err := publish.New(s.cfg.Conn, publish.Config{}, s.log.Named("clock"))
	if err != nil {
		return err
	}
	defer pub.Close()
	t := time.NewTicker(s.cfg.TickInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		id := make([]byte, 16)
		_, _ = rand.Read(id)
		actx, cancel := context.WithTimeout(ctx, s.cfg.TickInterval*10)
		_, err := pub.Append(actx, &pb.Command{Id: id, Body: &pb.Command_Tick{Tick: &pb.Tick{}}})
		cancel()
		if err != nil && !errors.Is(err, context.Canceled) {
			// A missed tick delays expiries by one interval; the next
			// tick catches up, so it is logged, not fatal.
			s.log.Warn("tick not appended", zap.Error(err))
		}
	}
}
