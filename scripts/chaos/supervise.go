package chaos

import (
	"context"
	"slices"
	"sync"
	"time"
)

// The cluster's launcher starts each process once; a deployment runs
// them under a supervisor (systemd's Restart=always), since an engine,
// a relayer or a settler exits on purpose when it loses its lease and
// relies on being started again. The cluster run supervises the
// services that way, except the fault's victim while it is down, and
// counts the exits.

// supervisePoll spaces the looks at the services.
const supervisePoll = 200 * time.Millisecond

// supervisor restarts the cluster's services that exited by themselves.
type supervisor struct {
	r *clusterRun

	mu      sync.Mutex
	victims []string
	exits   int
}

// spare keeps the supervisor off names (the fault's victims) until
// spare("").
func (s *supervisor) spare(names ...string) {
	s.mu.Lock()
	s.victims = names
	s.mu.Unlock()
}

// exited is how many services exited by themselves so far.
func (s *supervisor) exited() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.exits
}

// run restarts every service that does not run until ctx ends.
func (s *supervisor) run(ctx context.Context) {
	names := s.r.c.ServiceNames("")
	for ctx.Err() == nil {
		for _, name := range names {
			// Decided under the lock that spare takes: a fault spares its
			// victim before striking it, so a victim found down here was
			// either spared already or down before the fault. Looking at
			// the list and at the process apart let a kill fall between
			// them, and the victim came back at once: the relayer killed
			// as its lease's holder took the lease again before the other
			// relayer could (TestClusterFaults, seed 21).
			s.mu.Lock()
			down := !slices.Contains(s.victims, name) && !s.r.c.Running(name)
			if down {
				s.exits++
			}
			s.mu.Unlock()
			if !down {
				continue
			}
			s.r.logf("%s exited by itself; restarting it (as a supervisor would)", name)
			if err := s.r.c.Restart(ctx, name); err != nil {
				s.r.logf("restart %s: %v", name, err)
			}
		}
		select {
		case <-ctx.Done():
		case <-time.After(supervisePoll):
		}
	}
}
