package predcli

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strings"
	"text/tabwriter"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/relayer"
)

// emitJSON writes v as indented JSON on stdout.
func (inv *invocation) emitJSON(v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(inv.env.Stdout, "%s\n", b)
	return err
}

// table writes aligned rows on stdout; the first row is the header.
func (inv *invocation) table(rows [][]string) error {
	tw := tabwriter.NewWriter(inv.env.Stdout, 0, 0, 2, ' ', 0)
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	return tw.Flush()
}

// fields writes "name  value" lines on stdout.
func (inv *invocation) fields(kv ...string) error {
	rows := make([][]string, 0, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		rows = append(rows, []string{kv[i], kv[i+1]})
	}
	return inv.table(rows)
}

// hint writes a diagnostic line on stderr, unless the output is JSON or
// quiet (a script reads those).
func (inv *invocation) hint(format string, args ...any) {
	if inv.g.json || inv.g.quiet {
		return
	}
	fmt.Fprintf(inv.env.Stderr, format+"\n", args...)
}

// progressf writes a line on stderr about a wait under way.
func (inv *invocation) progressf(format string, args ...any) { inv.hint(format, args...) }

// jsonError is the error pred writes on stderr with --json: the API's
// error body plus the HTTP status (0 when the API did not answer).
type jsonError struct {
	Error  string `json:"error"`
	Code   string `json:"code,omitempty"`
	Status int    `json:"status,omitempty"`
}

// fail reports err on stderr and returns the exit code.
func (inv *invocation) fail(err error) int {
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(inv.env.Stderr, "pred: %s\nRun 'pred %s --help' for usage.\n", ue.msg, inv.cmd.name())
		return ExitUsage
	}
	je := jsonError{Error: err.Error()}
	var ae *client.APIError
	var ge *gamma.APIError
	var re *relayer.APIError
	switch {
	case errors.As(err, &re):
		je = jsonError{Error: re.Message, Code: string(re.Code), Status: re.Status}
	case errors.As(err, &ae):
		je = jsonError{Error: ae.Message, Code: string(ae.Code), Status: ae.Status}
	case errors.As(err, &ge):
		je = jsonError{Error: ge.Message, Code: string(ge.Code), Status: ge.Status}
	}
	if inv.g.json {
		b, _ := json.Marshal(je)
		fmt.Fprintf(inv.env.Stderr, "%s\n", b)
		return ExitError
	}
	if je.Code != "" {
		fmt.Fprintf(inv.env.Stderr, "pred: %s (HTTP %d): %s\n", je.Code, je.Status, je.Error)
	} else {
		fmt.Fprintf(inv.env.Stderr, "pred: %s\n", je.Error)
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Op == "dial" {
		api, url := "the exchange", inv.g.url
		switch {
		case oe.Addr != nil && strings.Contains(inv.g.gammaURL, oe.Addr.String()):
			api, url = "the Gamma API", inv.g.gammaURL
		case oe.Addr != nil && strings.Contains(inv.g.relayerURL, oe.Addr.String()):
			api, url = "the Relayer API", inv.g.relayerURL
		}
		fmt.Fprintf(inv.env.Stderr, "pred: is %s running at %s? Start a devnet with 'make run'.\n", api, url)
	}
	return ExitError
}

// short abbreviates a long id for a table; --json always has it whole.
func short(id string) string {
	const keep = 6
	if len(id) <= 2*keep+3 {
		return id
	}
	return id[:keep] + "..." + id[len(id)-keep:]
}

// orEmpty replaces an empty cell with a dash, so columns stay aligned.
func orEmpty(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
