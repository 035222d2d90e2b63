package cluster

import (
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// secretsDirName holds the cluster's secrets under the data dir, each a
// file of mode 0600: a process gets one by its path or through its
// environment, never on its command line.
const secretsDirName = "secrets"

// The cluster's secrets, each a file under <data>/secrets.
const (
	// OperatorKeyFile is the chain key that deployed the contracts and
	// administers them: it prepares and resolves markets (the settler's
	// -operator-key-file) and mints the faucet's stablecoin.
	OperatorKeyFile = "operator.key"
	// RelayerHotKeyFile pays the gas of relayed transactions and sends the
	// settler's matches (OPERATOR_ROLE on both exchanges).
	RelayerHotKeyFile = "relayer-hot.key"
	// RedeemKeyFile sends the redemptions of resolved markets.
	RedeemKeyFile = "redeem.key"
	// MasterKeyFile derives the CLOB API's credentials (every replica's).
	MasterKeyFile = "clob-master.key"
	// JWTKeyFile signs Gamma's login tokens, which the relayer accepts.
	JWTKeyFile = "jwt.key"
	// GammaOperatorKeyFile is the Gamma API's operator key (/admin).
	GammaOperatorKeyFile = "gamma-operator.key"
)

// secretBytes is the size of a generated symmetric key.
const secretBytes = 32

// Secrets are the cluster's keys, read from (or, at the first start,
// generated into) <data>/secrets.
type Secrets struct {
	Dir                           string
	Operator, RelayerHot, Redeem  *ecdsa.PrivateKey
	MasterKey, JWTKey, GammaOpKey string
}

// LoadSecrets reads the secrets under dir/secrets, generating each one
// that is missing: a chain key as 64 hex digits, a symmetric key as 32
// random bytes in hex. A file readable by others is refused.
func LoadSecrets(dir string) (*Secrets, error) {
	s := &Secrets{Dir: filepath.Join(dir, secretsDirName)}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return nil, err
	}
	var err error
	for _, k := range []struct {
		file string
		dst  **ecdsa.PrivateKey
	}{{OperatorKeyFile, &s.Operator}, {RelayerHotKeyFile, &s.RelayerHot}, {RedeemKeyFile, &s.Redeem}} {
		if *k.dst, err = s.chainKey(k.file); err != nil {
			return nil, err
		}
	}
	for _, k := range []struct {
		file string
		dst  *string
	}{{MasterKeyFile, &s.MasterKey}, {JWTKeyFile, &s.JWTKey}, {GammaOperatorKeyFile, &s.GammaOpKey}} {
		if *k.dst, err = s.secret(k.file, randomHex); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Path is the file of a secret.
func (s *Secrets) Path(file string) string { return filepath.Join(s.Dir, file) }

// Address is a chain key's address.
func Address(k *ecdsa.PrivateKey) common.Address { return crypto.PubkeyToAddress(k.PublicKey) }

// KeyHex is a chain key as 64 hex digits.
func KeyHex(k *ecdsa.PrivateKey) string { return hex.EncodeToString(crypto.FromECDSA(k)) }

func (s *Secrets) chainKey(file string) (*ecdsa.PrivateKey, error) {
	text, err := s.secret(file, func() (string, error) {
		k, err := crypto.GenerateKey()
		if err != nil {
			return "", err
		}
		return KeyHex(k), nil
	})
	if err != nil {
		return nil, err
	}
	k, err := crypto.HexToECDSA(strings.TrimPrefix(text, "0x"))
	if err != nil {
		return nil, fmt.Errorf("cluster: %s is not a hex private key", s.Path(file))
	}
	return k, nil
}

// secret reads a secret's file, or writes a new one made by gen.
func (s *Secrets) secret(file string, gen func() (string, error)) (string, error) {
	p := s.Path(file)
	st, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		v, err := gen()
		if err != nil {
			return "", err
		}
		return v, os.WriteFile(p, []byte(v+"\n"), 0o600)
	}
	if err != nil {
		return "", err
	}
	if st.Mode().Perm()&0o077 != 0 {
		return "", fmt.Errorf("cluster: %s is readable by others (mode %v): chmod 600 it", p, st.Mode().Perm())
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(b)), nil
}

// WriteSecret writes a secret before the first start, for a deployment
// that must use a given value (a test runs the README's walkthrough,
// which names the devnet's public operator key).
func WriteSecret(dir, file, value string) error {
	p := filepath.Join(dir, secretsDirName)
	if err := os.MkdirAll(p, 0o700); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(p, file), []byte(value+"\n"), 0o600)
}

func randomHex() (string, error) {
	b := make([]byte, secretBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}
