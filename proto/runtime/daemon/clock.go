package daemon

import (
	"flag"
	"time"
)

// ClockSkewFlagName is the fault-injection flag every API service
// takes: the cluster's chaos run restarts replicas with their clocks
// set apart. Go reads the clock through the vDSO, so libfaketime cannot
// do it from outside.
const ClockSkewFlagName = "clock-skew"

// ClockSkewFlag registers -clock-skew on fs (its environment fallback is
// the service's prefix, as for every flag: CLOB_CLOCK_SKEW).
func ClockSkewFlag(fs *flag.FlagSet, skew *time.Duration) {
	fs.DurationVar(skew, ClockSkewFlagName, 0, "FOR FAULT TESTS ONLY: shift every clock reading of the service by this much "+
		"(\"2s\", \"-150ms\"), as a replica whose clock drifted would read it")
}

// Clock is time.Now shifted by skew: the clock a service reads for
// everything it stamps or checks (auth windows, token times, expiries).
// A zero skew is time.Now itself.
func Clock(skew time.Duration) func() time.Time {
	if skew == 0 {
		return time.Now
	}
	return func() time.Time { return time.Now().Add(skew) }
}
