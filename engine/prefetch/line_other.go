//go:build !amd64 && !arm64

package prefetch

// Line does nothing where there is no prefetch instruction to call.
func Line(p *uint64) {}
