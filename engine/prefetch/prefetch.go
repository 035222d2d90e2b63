// Package prefetch asks the processor to bring a cache line in ahead of
// its use. The engine's core answers most commands with a miss or two in
// tables far larger than the cache (the seen set's filter, the resting
// orders' index); the shell knows the next command while it applies this
// one, so the two can overlap: the hint is issued for the next command,
// and its lines arrive while the current one runs.
//
// A hint changes no value and no control flow, so it cannot make the
// engine's state depend on anything but the log: where there is no
// prefetch instruction, Line does nothing and everything still works.
package prefetch
