package lease

import (
	"fmt"
	"os"
)

// HolderName is a process's name in a lease: name when it is set, else
// host/pid, which tells an operator where the holder runs.
func HolderName(name string) string {
	if name != "" {
		return name
	}
	host, _ := os.Hostname()
	return fmt.Sprintf("%s/%d", host, os.Getpid())
}
