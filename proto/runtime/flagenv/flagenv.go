// Package flagenv parses a binary's configuration the one way every pred
// program does: command-line flags, each falling back to an environment
// variable named after it (PREFIX_FLAG_NAME, dashes as underscores). A flag
// given on the command line wins; defaults come last. Flags make every
// setting discoverable with -h; the environment suits containers.
package flagenv

import (
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"strings"
)

// Parse parses args into fs, then sets every flag not given on the command
// line from its environment variable, if set.
func Parse(fs *flag.FlagSet, args []string, prefix string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { given[fl.Name] = true })
	var errs []error
	fs.VisitAll(func(fl *flag.Flag) {
		if given[fl.Name] {
			return
		}
		env := EnvName(prefix, fl.Name)
		if v, ok := os.LookupEnv(env); ok {
			if err := fs.Set(fl.Name, v); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", env, err))
			}
		}
	})
	return errors.Join(errs...)
}

// EnvName is the environment variable that backs a flag.
func EnvName(prefix, flagName string) string {
	return prefix + "_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// Effective lists every flag's effective value, for logging at start.
// Values of flags named in secret are replaced, and passwords in URLs are
// removed, so the list is safe to log.
func Effective(fs *flag.FlagSet, secret ...string) map[string]string {
	hide := map[string]bool{}
	for _, s := range secret {
		hide[s] = true
	}
	out := map[string]string{}
	fs.VisitAll(func(fl *flag.Flag) {
		v := fl.Value.String()
		switch {
		case hide[fl.Name] && v != "":
			v = "[redacted]"
		case strings.Contains(v, "://"):
			if u, err := url.Parse(v); err == nil && u.User != nil {
				v = u.Redacted()
			}
		}
		out[fl.Name] = v
	})
	return out
}
