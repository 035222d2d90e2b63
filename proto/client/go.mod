module pred.dev/proto/client

go 1.26.0

require (
	github.com/coder/websocket v1.8.15
	github.com/ethereum/go-ethereum v1.17.10
	github.com/holiman/uint256 v1.3.2
	pred.dev/proto v0.0.0
)

require (
	github.com/ProjectZKM/Ziren/crates/go-runtime/zkvm_runtime v0.0.0-20251001021608-1fe7b43fc4d6 // indirect
	github.com/decred/dcrd/dcrec/secp256k1/v4 v4.0.1 // indirect
	golang.org/x/sys v0.49.0 // indirect
	google.golang.org/protobuf v1.36.12 // indirect
)

replace pred.dev/proto => ../
