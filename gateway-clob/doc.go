// Package clobgateway will hold the CLOB HTTP API. It has no code yet: its
// issue has not come.
package clobgateway
