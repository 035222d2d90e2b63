package predcli

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/client/relayerapi"
)

// The credentials cache. Every pred run is a new process, and deriving
// the API key costs an L1 call (a signature and a round trip to the
// server's shared nonce store) that a script running pred many times a
// second should not pay each time. So derived credentials are kept in the
// user's cache directory, one file per (API URL, wallet), readable by the
// user only. They are no more secret than the private key they derive
// from, and deleting the directory only costs one L1 call.

// credsCache stores API credentials under dir; the zero value caches
// nothing.
type credsCache struct {
	dir string
}

// DefaultCacheDir is where pred keeps derived API credentials: pred/ in
// the user's cache directory, or nowhere if there is none.
func DefaultCacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "pred")
}

func (c credsCache) path(url string, addr common.Address) string {
	return cachePath(c.dir, "creds", url, addr)
}

// load returns the cached credentials, if any.
func (c credsCache) load(url string, addr common.Address) (clobapi.APICreds, bool) {
	var creds clobapi.APICreds
	if c.dir == "" {
		return creds, false
	}
	if !readCached(c.path(url, addr), &creds) || creds.APIKey == "" {
		return clobapi.APICreds{}, false
	}
	return creds, true
}

// store caches credentials; a failure only costs a later L1 call.
func (c credsCache) store(url string, addr common.Address, creds clobapi.APICreds) error {
	if c.dir == "" {
		return nil
	}
	return writeCached(c.path(url, addr), creds)
}

// drop forgets cached credentials the server refused.
func (c credsCache) drop(url string, addr common.Address) {
	if c.dir == "" {
		return
	}
	// A file that cannot be removed is refused again next time and
	// replaced once the key is derived anew.
	_ = os.Remove(c.path(url, addr))
}

// tokenCache keeps the Gamma API's login tokens, one file per (Gamma
// URL, wallet), readable by the user only, beside the credentials.
type tokenCache struct {
	dir string
}

func (c tokenCache) path(url string, addr common.Address) string {
	return cachePath(c.dir, "tokens", url, addr)
}

// store caches a token; a failure only costs a later login.
func (c tokenCache) store(url string, addr common.Address, tr gammaapi.TokenResponse) error {
	if c.dir == "" {
		return nil
	}
	return writeCached(c.path(url, addr), tr)
}

// load returns the cached token of addr if it is valid until at least
// validUntil.
func (c tokenCache) load(url string, addr common.Address, validUntil time.Time) (gammaapi.TokenResponse, bool) {
	var tr gammaapi.TokenResponse
	if c.dir == "" {
		return tr, false
	}
	if !readCached(c.path(url, addr), &tr) || tr.Token == "" || tr.ExpiresAt.Before(validUntil) {
		return gammaapi.TokenResponse{}, false
	}
	return tr, true
}

// relayerKeyCache keeps relayer keys, one file per (Relayer URL, wallet),
// readable by the user only, beside the credentials: a key is worth what
// a login token is, and losing it costs one login and one key creation.
type relayerKeyCache struct {
	dir string
}

func (c relayerKeyCache) path(url string, addr common.Address) string {
	return cachePath(c.dir, "relayer", url, addr)
}

func (c relayerKeyCache) load(url string, addr common.Address) (relayerapi.APIKey, bool) {
	var k relayerapi.APIKey
	if c.dir == "" {
		return k, false
	}
	if !readCached(c.path(url, addr), &k) || k.APIKey == "" || k.Address == "" {
		return relayerapi.APIKey{}, false
	}
	return k, true
}

func (c relayerKeyCache) store(url string, addr common.Address, k relayerapi.APIKey) error {
	if c.dir == "" {
		return nil
	}
	return writeCached(c.path(url, addr), k)
}

// drop forgets a relayer key the relayer refused.
func (c relayerKeyCache) drop(url string, addr common.Address) {
	if c.dir != "" {
		_ = os.Remove(c.path(url, addr))
	}
}

// cachePath is the file of (url, addr) in the kind subdirectory of dir,
// named by a hash so that neither the URL nor the address needs escaping.
func cachePath(dir, kind, url string, addr common.Address) string {
	h := sha256.Sum256([]byte(url + "\n" + addr.Hex()))
	return filepath.Join(dir, kind, hex.EncodeToString(h[:16])+".json")
}

// readCached decodes the file at p into v, reporting false if there is
// none or it does not decode (the caller then does without the cache).
func readCached(p string, v any) bool {
	data, err := os.ReadFile(p)
	return err == nil && json.Unmarshal(data, v) == nil
}

// writeCached writes v at p as JSON, readable by the user only. It writes
// a temporary file and renames it over p, so that a pred run in parallel
// reads the old entry or the new one, never half of one.
func writeCached(p string, v any) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return err
	}
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	tmp := p + ".tmp" + strconv.Itoa(os.Getpid())
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, p)
}
