module pred.dev/proto

go 1.26.0

require (
	github.com/ethereum/go-ethereum v1.17.10
	github.com/golang-jwt/jwt/v5 v5.3.1
	github.com/holiman/uint256 v1.3.2
	github.com/nats-io/nats.go v1.55.0
	google.golang.org/protobuf v1.36.12
)

require (
	github.com/ProjectZKM/Ziren/crates/go-runtime/zkvm_runtime v0.0.0-20251001021608-1fe7b43fc4d6 // indirect
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	github.com/consensys/gnark-crypto v0.18.1 // indirect
	github.com/crate-crypto/go-eth-kzg v1.5.0 // indirect
	github.com/decred/dcrd/dcrec/secp256k1/v4 v4.0.1 // indirect
	github.com/ethereum/c-kzg-4844/v2 v2.1.8 // indirect
	github.com/klauspost/compress v1.20.3 // indirect
	github.com/nats-io/nkeys v0.4.16 // indirect
	github.com/nats-io/nuid v1.0.1 // indirect
	github.com/supranational/blst v0.3.16 // indirect
	golang.org/x/crypto v0.58.0 // indirect
	golang.org/x/sync v0.22.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
