//go:build pred_invariants

package machine

// invariantsOn makes Apply check every invariant after every command
// (CheckInvariants). The pred_invariants build tag turns it on; make test
// builds the engine's tests with it. (Pebble's own checks answer to the
// tag invariants, which is not this one.)
const invariantsOn = true
