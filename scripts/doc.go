// Package scripts will hold developer and operator programs: the devnet,
// the pred CLI, the benchmark runner and the chaos runner.
package scripts
