package ops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// clusterJobs is the cluster's processes as the launcher would list them.
var clusterJobs = []Job{
	{Name: JobEngine, Targets: []string{"127.0.0.1:9101", "127.0.0.1:9111", "127.0.0.1:9121"}},
	{Name: JobCLOB, Targets: []string{"127.0.0.1:18080", "127.0.0.1:18180"}},
	{Name: JobGamma, Targets: []string{"127.0.0.1:18081", "127.0.0.1:18181"}},
	{Name: JobRelayer, Targets: []string{"127.0.0.1:18082", "127.0.0.1:18182"}},
	{Name: JobSettler, Targets: []string{"127.0.0.1:9103", "127.0.0.1:9113"}},
	{Name: JobChain, Targets: []string{"127.0.0.1:6060"}, MetricsPath: ChainMetricsPath},
}

// TestWriteConfigChecks: the written configuration and its rules pass
// promtool check config, and it names every target.
func TestWriteConfigChecks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path, err := WriteConfig(dir, clusterJobs)
	if err != nil {
		t.Fatal(err)
	}
	out := promtool(t, dir, "check", "config", filepath.Base(path))
	if !strings.Contains(out, "SUCCESS: "+ConfigFile+" is valid") || !strings.Contains(out, "SUCCESS: 15 rules found") {
		t.Fatalf("promtool check config: %s", out)
	}
	cfg, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range clusterJobs {
		for _, target := range j.Targets {
			if !strings.Contains(string(cfg), `"`+target+`"`) {
				t.Errorf("%s lacks %s's target %s", ConfigFile, j.Name, target)
			}
		}
	}
}

// TestScrapeConfigRefuses: a job without a name or targets, a name twice,
// a target without a port and a relative metrics path are refused.
func TestScrapeConfigRefuses(t *testing.T) {
	t.Parallel()
	for name, jobs := range map[string][]Job{
		"no name":       {{Targets: []string{"a:1"}}},
		"no targets":    {{Name: JobEngine}},
		"twice":         {{Name: JobEngine, Targets: []string{"a:1"}}, {Name: JobEngine, Targets: []string{"b:1"}}},
		"no port":       {{Name: JobEngine, Targets: []string{"a"}}},
		"relative path": {{Name: JobEngine, Targets: []string{"a:1"}, MetricsPath: "metrics"}},
	} {
		if _, err := ScrapeConfig(jobs, nil); err == nil {
			t.Errorf("%s: accepted %+v", name, jobs)
		}
	}
}
