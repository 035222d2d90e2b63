package loadgen

import "testing"

func TestQuickFigures(t *testing.T) {
	w := Generate(Single(300_000))
	f := Throughput(w)
	l := Latency(w)
	t.Logf("cmds=%d warm=%d setup=%d cmds/s=%.0f ops/s=%.0f ns/cmd=%.1f allocs/cmd=%.4f p50=%d p99=%d p9999=%d max=%d",
		f.Commands, len(w.Warm), len(w.Setup), f.CmdsPerSec, f.OpsPerSec, f.NsPerCmd, f.AllocsPerCmd, l.P50Ns, l.P99Ns, l.P9999Ns, l.MaxNs)
}
