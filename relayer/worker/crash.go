package worker

// Steps a test may crash the worker at.
const (
	CrashNonceRecorded = "nonce-recorded"   // the nonce record is written, nothing broadcast
	CrashBroadcast     = "broadcast"        // broadcast, its record not yet EXECUTED
	CrashExecuted      = "executed"         // EXECUTED written
	CrashMined         = "mined"            // MINED written, the wallet's next one not yet taken
	CrashRepriced      = "repriced"         // a replacement recorded, not yet broadcast
	CrashInvalid       = "invalid-recorded" // an INVALID record written
	CrashReorgSeen     = "reorg-seen"       // a MINED transaction's block seen gone, nothing written
)

func (w *Worker) crash(point string) error {
	if w.cfg.Crash != nil && w.cfg.Crash(point) {
		return ErrCrashed
	}
	return nil
}
