package main

import (
	"flag"
	"reflect"
	"strings"
	"testing"

	"pred.dev/scripts/devnet"
)

// TestEveryAddressHasAFlag: `make run` can move every listener of the
// devnet (a field of devnet.Config named ...Addr, and the NATS port)
// off its fixed default, by flag or DEVNET_ variable, and the defaults
// stay the documented ones.
func TestEveryAddressHasAFlag(t *testing.T) {
	var cfg devnet.Config
	fs := flags(&cfg, new(string), new(string), new(string))
	byField := map[string]string{}
	fs.VisitAll(func(f *flag.Flag) {
		name := strings.ReplaceAll(strings.ToLower(f.Name), "-", "")
		byField[name] = f.Name
	})
	ct := reflect.TypeOf(cfg)
	for i := range ct.NumField() {
		field := ct.Field(i).Name
		if !strings.HasSuffix(field, "Addr") && field != "NATSPort" {
			continue
		}
		if _, ok := byField[strings.ToLower(field)]; !ok {
			t.Errorf("devnet.Config.%s has no flag", field)
		}
	}
	cfg, _, _, err := parseConfig(nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.APIAddr != devnet.DefaultAPIAddr || cfg.GammaAddr != devnet.DefaultGammaAddr || cfg.RelayerAddr != devnet.DefaultRelayerAddr ||
		cfg.ChainAddr != devnet.DefaultChainAddr || cfg.NATSPort != devnet.DefaultNATSPort {
		t.Errorf("defaults moved: %+v", cfg)
	}
	if cfg.LoginIPBurst != devnet.DefaultLoginIPBurst || cfg.LoginIPPerSecond != devnet.DefaultLoginIPPerSecond {
		t.Errorf("login limits %d, %v: want the devnet's", cfg.LoginIPBurst, cfg.LoginIPPerSecond)
	}
	// Unset, the devnet allows the web app's origins; empty, none.
	if cfg.CORSOrigins != nil {
		t.Errorf("-cors-origins unset: %q, want nil (the devnet's default)", cfg.CORSOrigins)
	}
	if cfg, _, _, err = parseConfig([]string{"-cors-origins", ""}); err != nil || cfg.CORSOrigins == nil || len(cfg.CORSOrigins) != 0 {
		t.Errorf("-cors-origins '': %q, %v; want none", cfg.CORSOrigins, err)
	}
	if cfg, _, _, err = parseConfig([]string{"-gamma-addr", "127.0.0.1:18081", "-rate-login-ip-burst", "7"}); err != nil ||
		cfg.GammaAddr != "127.0.0.1:18081" || cfg.LoginIPBurst != 7 {
		t.Errorf("-gamma-addr and -rate-login-ip-burst: %+v, %v", cfg, err)
	}
	t.Setenv("DEVNET_GAMMA_ADDR", "127.0.0.1:28081")
	if cfg, _, _, err = parseConfig(nil); err != nil || cfg.GammaAddr != "127.0.0.1:28081" {
		t.Errorf("DEVNET_GAMMA_ADDR: %s, %v", cfg.GammaAddr, err)
	}
}
