//go:build amd64 || arm64

package prefetch

// Line hints that the cache line holding *p is wanted soon (PREFETCHT0
// on amd64, PRFM PLDL1KEEP on arm64). It never faults and reads nothing
// the caller can see.
//
//go:noescape
func Line(p *uint64)
