// Package relayer will hold the Relayer HTTP API and its transaction worker
// (wallet deployment, gasless submission). It has no code yet: its issue has
// not come.
package relayer
