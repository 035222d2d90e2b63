package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/runtime/flagenv"
)

// The markets service's operator key comes from a file or the
// environment, never from a flag's value (which ps and the logged
// configuration would show).

// operatorKeyEnv holds the operator key itself, hex, when no file is given.
var operatorKeyEnv = flagenv.EnvName(envPrefix, "operator-key")

// markets reads the operator key from -operator-key-file or the
// environment, and the oracle; checks that need no chain are the
// server's (server.Config.Markets).
func (f *flags) markets() error {
	m := &f.cfg.Markets
	if f.oracle != "" {
		if !common.IsHexAddress(f.oracle) {
			return fmt.Errorf("-oracle must be 0x followed by 40 hex digits, got %q", f.oracle)
		}
		m.Oracle = common.HexToAddress(f.oracle)
	}
	if !m.On {
		return nil
	}
	var hexKey, from string
	switch {
	case f.operatorKeyFile != "":
		b, err := os.ReadFile(f.operatorKeyFile)
		if err != nil {
			return fmt.Errorf("-operator-key-file: %w", err)
		}
		hexKey, from = string(b), "-operator-key-file "+f.operatorKeyFile
	case os.Getenv(operatorKeyEnv) != "":
		hexKey, from = os.Getenv(operatorKeyEnv), operatorKeyEnv
	default:
		return nil // the server refuses a missing key, saying what to do
	}
	key, err := crypto.HexToECDSA(strings.TrimPrefix(strings.TrimSpace(hexKey), "0x"))
	if err != nil {
		return fmt.Errorf("the operator key from %s is not 64 hex digits: %w", from, err)
	}
	m.Key = key
	return nil
}

// keySource names where the operator key came from, for the log.
func (f *flags) keySource() string {
	if f.operatorKeyFile != "" {
		return "-operator-key-file " + f.operatorKeyFile
	}
	return operatorKeyEnv
}
