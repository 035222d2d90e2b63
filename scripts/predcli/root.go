package predcli

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Version is pred's version; a release build sets it with -ldflags
// "-X pred.dev/scripts/predcli.Version=v1.2.3". Empty, --version prints
// the module version and VCS revision the binary was built from.
var Version = ""

// version is what --version prints after "pred version ".
func version() string {
	if Version != "" {
		return Version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+modified"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" {
		v += " " + rev + modified
	}
	return v + " " + bi.GoVersion
}

const rootLong = `pred: find markets (Gamma API) and trade them (CLOB API) on a pred exchange
from the command line. A devnet started with 'make run' needs no flags.

With only a private key, pred derives the wallet's CLOB API credentials, its
Gamma login token and its Relayer API key, and caches them in the user's
cache directory (pred/); deleting it is harmless.`

// rootCommand builds the command tree of one run: every command of
// commands() under its group, the global flags on the root, help pages
// of our own (a command's flags, the global ones listed once on pred
// --help), --version and cobra's completion command.
func (inv *invocation) rootCommand() *cobra.Command {
	// Help lists commands in the table's order, which groups them by
	// what a user does first.
	cobra.EnableCommandSorting = false
	root := &cobra.Command{
		Use:           "pred",
		Short:         "trade on a pred exchange from the command line",
		Long:          rootLong,
		Version:       version(),
		SilenceErrors: true,
		SilenceUsage:  true,
		// A bare `pred` prints the overview, as `pred --help` does.
		RunE: func(c *cobra.Command, _ []string) error { return c.Help() },
	}
	root.SetOut(inv.env.Stdout)
	root.SetErr(inv.env.Stderr)
	root.SetVersionTemplate("pred version {{.Version}}\n")
	inv.g.register(root.PersistentFlags())
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &usageError{msg: err.Error()} })
	root.SetHelpFunc(func(c *cobra.Command, _ []string) { writeHelp(c.OutOrStdout(), c) })
	root.SetUsageFunc(func(c *cobra.Command) error { writeHelp(c.OutOrStderr(), c); return nil })
	root.CompletionOptions.HiddenDefaultCmd = false

	groupHelp := map[string]string{}
	for _, g := range groups {
		groupHelp[g.noun] = g.help
	}
	// Each group joins the root where its first verb comes in the table.
	parents := map[string]*cobra.Command{}
	for _, c := range commands() {
		leaf := inv.leafCommand(c)
		if c.verb == "" {
			root.AddCommand(leaf)
			continue
		}
		p, ok := parents[c.noun]
		if !ok {
			help, known := groupHelp[c.noun]
			if !known {
				panic("predcli: no group for " + c.noun) // the tables disagree; a test runs every command
			}
			p = groupCommand(c.noun, help)
			parents[c.noun] = p
			root.AddCommand(p)
		}
		p.AddCommand(leaf)
	}
	return root
}

// groupCommand is a noun with verbs: alone, or with --help, it prints its
// page; with an unknown verb it is a usage error.
func groupCommand(noun, help string) *cobra.Command {
	return &cobra.Command{
		Use:   noun,
		Short: help,
		Args:  cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				var verbs []string
				for _, s := range c.Commands() {
					verbs = append(verbs, s.Name())
				}
				return fmt.Errorf("unknown command %q for %q: it has %s", args[0], c.CommandPath(), strings.Join(verbs, ", "))
			}
			return c.Help()
		},
	}
}

// leafCommand is one command of the table: its flags, its argument count
// and its run, which takes the environment's fallbacks for the global
// flags first and records the exit code.
func (inv *invocation) leafCommand(c *command) *cobra.Command {
	name := c.verb
	if name == "" {
		name = c.noun
	}
	// Each command's flags write into options of its own: flags of one
	// name have other defaults in other commands (--wait).
	opts := &cmdOpts{}
	use := name
	if c.args != "" {
		use += " " + c.args
	}
	cc := &cobra.Command{
		Use:   use,
		Short: c.help,
		Long:  c.long,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) < c.minArgs || len(args) > c.maxArgs {
				return usageOf(c, args)
			}
			return nil
		},
		RunE: func(cc *cobra.Command, args []string) error {
			inv.cmd, inv.args, inv.opts = c, args, *opts
			if err := envFallback(cc.Root().PersistentFlags(), inv.env.Getenv); err != nil {
				inv.exit = inv.fail(err)
				return nil
			}
			if err := inv.runCommand(cc.Context()); err != nil {
				inv.exit = inv.fail(err)
			}
			return nil
		},
	}
	if c.flags != nil {
		c.flags(cc.Flags(), opts)
	}
	if c.complete != nil {
		cc.ValidArgsFunction = func(cc *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
			inv.cmd, inv.opts = c, *opts
			if envFallback(cc.Root().PersistentFlags(), inv.env.Getenv) != nil {
				return nil, cobra.ShellCompDirectiveError
			}
			return c.complete(cc.Context(), inv, args, prefix), cobra.ShellCompDirectiveNoFileComp
		}
	}
	return cc
}

// usageOf is the error of a wrong number of arguments: the synopsis, and
// a hint when an argument is a duration (--wait 5m where the wait flag
// took no value).
func usageOf(c *command, args []string) error {
	for _, a := range args {
		if _, err := time.ParseDuration(a); err == nil && a != "0" {
			return usagef("usage: %s\n(%q is a duration: write it --wait=%s)", c.synopsis(), a, a)
		}
	}
	return usagef("usage: %s", c.synopsis())
}

// optionalValueFlags names the flags, in any command, whose value may be
// left out (--wait).
func optionalValueFlags(root *cobra.Command) map[string]bool {
	names := map[string]bool{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.NoOptDefVal != "" && f.Value.Type() != "bool" {
				names[f.Name] = true
			}
		})
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
	return names
}

// writeHelp prints a command's page: what it does, how to call it, its
// subcommands or its own flags, and where the global flags are. The
// global flags, with their PRED_* variables, are listed on pred --help
// only, so that a command's page shows what is its own.
func writeHelp(w io.Writer, c *cobra.Command) {
	var b strings.Builder
	desc := c.Short
	if c.Long != "" && c.HasParent() {
		desc += "\n\n" + c.Long
	} else if c.Long != "" {
		desc = c.Long
	}
	b.WriteString(strings.TrimSpace(desc) + "\n\nUsage:\n")
	switch {
	case !c.HasParent():
		b.WriteString("  pred <command> [arguments] [flags]\n")
	case c.HasAvailableSubCommands():
		fmt.Fprintf(&b, "  %s <command> [arguments] [flags]\n", c.CommandPath())
	default:
		fmt.Fprintf(&b, "  pred %s [flags]\n", synopsisOf(c))
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\nCommands:\n")
		for _, s := range c.Commands() {
			if !s.IsAvailableCommand() && s.Name() != "help" {
				continue
			}
			subs := []*cobra.Command{s}
			if s.HasAvailableSubCommands() {
				subs = s.Commands()
			}
			if s.Name() == "completion" {
				// One line for the shells, not one per shell.
				fmt.Fprintf(&b, "  completion (bash | zsh | fish | powershell)\n      print the shell's completion script; see 'pred completion bash --help'\n")
				continue
			}
			for _, v := range subs {
				if v.IsAvailableCommand() || v.Name() == "help" {
					fmt.Fprintf(&b, "  %s\n      %s\n", synopsisOf(v), v.Short)
				}
			}
		}
	}
	if own := ownFlags(c); own != "" {
		b.WriteString("\nFlags:\n" + own)
	}
	if !c.HasParent() {
		b.WriteString("\nGlobal flags (each falls back to the environment variable shown):\n")
		b.WriteString(c.PersistentFlags().FlagUsages())
		b.WriteString("\nRun 'pred <command> --help' for a command's page, 'pred completion <shell> --help' for\nshell completion (bash, zsh, fish).\n")
	} else {
		b.WriteString("\nGlobal flags (--private-key, --url, --json, -q, ...): see 'pred --help'.\n")
	}
	_, _ = io.WriteString(w, b.String())
}

// synopsisOf is a command's path after "pred", with its arguments.
func synopsisOf(c *cobra.Command) string {
	path := strings.TrimPrefix(c.CommandPath(), "pred ")
	if args := strings.TrimPrefix(c.Use, c.Name()); args != "" {
		return path + args
	}
	return path
}

// ownFlags lists a command's own flags, without -h and the global ones.
func ownFlags(c *cobra.Command) string {
	fs := pflag.NewFlagSet(c.Name(), pflag.ContinueOnError)
	c.LocalNonPersistentFlags().VisitAll(func(f *pflag.Flag) {
		if f.Name != "help" && f.Name != "version" {
			fs.AddFlag(f)
		}
	})
	return fs.FlagUsages()
}
