package ops

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// The job names of the exchange's processes. The alert rules match
// series by metric name and ProcessDown by `up`, so any names work;
// these keep every deployment's labels alike.
const (
	JobEngine  = "engine"
	JobCLOB    = "clob"
	JobGamma   = "gamma"
	JobRelayer = "relayer"
	JobSettler = "settler"
	// JobChain is geth started with --metrics; its path is
	// ChainMetricsPath.
	JobChain = "geth"
)

// ChainMetricsPath is where geth serves Prometheus metrics (with
// --metrics --metrics.addr --metrics.port).
const ChainMetricsPath = "/debug/metrics/prometheus"

// ScrapeInterval is how often every target is scraped and the rules
// evaluated; the rules' `for` durations are multiples of it.
const ScrapeInterval = "15s"

// ConfigFile is the name WriteConfig gives the scrape configuration.
const ConfigFile = "prometheus.yml"

// Job is one scrape job: one kind of process and the metrics address
// (host:port) of each of its instances.
type Job struct {
	Name    string
	Targets []string
	// MetricsPath is the HTTP path of the metrics; "" is /metrics.
	MetricsPath string
}

// ScrapeConfig returns a Prometheus configuration that scrapes jobs and
// evaluates ruleFiles (paths relative to the configuration's directory).
// It refuses a job without a name or targets, a name used twice, and a
// target that is not host:port.
func ScrapeConfig(jobs []Job, ruleFiles []string) ([]byte, error) {
	if err := checkJobs(jobs); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("# Written by pred.dev/scripts/ops.ScrapeConfig: every process of the exchange\n")
	b.WriteString("# and the alert rules (DEPLOY.md, \"Monitoring\").\n")
	fmt.Fprintf(&b, "global:\n  scrape_interval: %s\n  evaluation_interval: %s\n", ScrapeInterval, ScrapeInterval)
	if len(ruleFiles) > 0 {
		b.WriteString("rule_files:\n")
		for _, f := range ruleFiles {
			fmt.Fprintf(&b, "  - %s\n", strconv.Quote(f))
		}
	}
	b.WriteString("scrape_configs:\n")
	for _, j := range jobs {
		path := j.MetricsPath
		if path == "" {
			path = "/metrics"
		}
		quoted := make([]string, len(j.Targets))
		for i, t := range j.Targets {
			quoted[i] = strconv.Quote(t)
		}
		fmt.Fprintf(&b, "  - job_name: %s\n    metrics_path: %s\n    static_configs:\n      - targets: [%s]\n",
			strconv.Quote(j.Name), strconv.Quote(path), strings.Join(quoted, ", "))
	}
	return b.Bytes(), nil
}

func checkJobs(jobs []Job) error {
	seen := map[string]bool{}
	for _, j := range jobs {
		if j.Name == "" || len(j.Targets) == 0 {
			return fmt.Errorf("ops: a scrape job needs a name and targets: %+v", j)
		}
		if seen[j.Name] {
			return fmt.Errorf("ops: scrape job %q twice", j.Name)
		}
		seen[j.Name] = true
		for _, t := range j.Targets {
			if _, port, err := net.SplitHostPort(t); err != nil || port == "" {
				return fmt.Errorf("ops: job %q: target %q is not host:port", j.Name, t)
			}
		}
		if j.MetricsPath != "" && !strings.HasPrefix(j.MetricsPath, "/") {
			return fmt.Errorf("ops: job %q: metrics path %q does not start with /", j.Name, j.MetricsPath)
		}
	}
	return nil
}

// WriteConfig writes the scrape configuration of jobs (ConfigFile) and
// the alert rules it evaluates (RulesFile) into dir, and returns the
// configuration's path: `prometheus --config.file=<path>` monitors the
// cluster.
func WriteConfig(dir string, jobs []Job) (string, error) {
	cfg, err := ScrapeConfig(jobs, []string{RulesFile})
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, RulesFile), rules, 0o644); err != nil {
		return "", err
	}
	path := filepath.Join(dir, ConfigFile)
	return path, os.WriteFile(path, cfg, 0o644)
}
