package bench

// Sizes are every group's sizes: DefaultSizes for `make bench`,
// QuickSizes for `make bench-quick`. Both print the same figures.
type Sizes struct {
	Matcher MatcherConfig
	Engine  EngineConfig
	CLOB    CLOBConfig
	Gamma   GammaConfig
	Relayer RelayerConfig
	Settle  SettleConfig
}

// DefaultSizes is what `make bench` runs (about half an hour on 2
// cores).
func DefaultSizes() Sizes {
	return Sizes{Matcher: DefaultMatcher, Engine: DefaultEngine, CLOB: DefaultCLOB, Gamma: DefaultGamma,
		Relayer: DefaultRelayer, Settle: DefaultSettle}
}

// QuickSizes is what `make bench-quick` runs: each group smaller (a
// single timed run where the full bench takes the median of three),
// the whole bench in a few minutes.
func QuickSizes() Sizes {
	return Sizes{Matcher: QuickMatcher, Engine: QuickEngine, CLOB: QuickCLOB, Gamma: QuickGamma,
		Relayer: QuickRelayer, Settle: QuickSettle}
}

// Groups are the bench's groups in the order `make bench` runs them,
// sized by s. settle comes last: it leaves this process under
// SCHED_IDLE (settle.go).
func Groups(s *Sizes) []Group {
	return []Group{
		{Name: "matcher", Run: func() ([]Figure, error) { return Matcher(s.Matcher) }},
		{Name: "journal", Run: func() ([]Figure, error) { return JournalCompare(s.Engine) }, Workspace: true},
		{Name: "replay", Run: func() ([]Figure, error) { return ReplayRestart(s.Engine) }},
		{Name: "clob", Run: func() ([]Figure, error) {
			// The subscribers are the ws group's; the clob group's
			// runs measure the order path without them.
			c := s.CLOB
			c.Subscribers = 0
			return CLOBWithCluster(c)
		}, Workspace: true},
		{Name: "ws", Run: func() ([]Figure, error) { return CLOBStreams(s.CLOB) }},
		{Name: "verify", Run: Verify, Alone: true},
		{Name: "chain", Run: Chain},
		{Name: "gamma", Run: func() ([]Figure, error) { return Gamma(s.Gamma) }},
		{Name: "relayer", Run: func() ([]Figure, error) { return Relayer(s.Relayer) }},
		{Name: "settle", Run: func() ([]Figure, error) { return Settle(s.Settle) }},
	}
}
