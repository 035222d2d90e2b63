//go:build !pred_invariants

package machine

// invariantsOn makes Apply check every invariant after every command
// (CheckInvariants); off in production builds, which do not set the
// pred_invariants tag.
const invariantsOn = false
