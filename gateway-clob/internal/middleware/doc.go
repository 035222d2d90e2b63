// Package middleware holds the gateway's Echo middleware, one file each:
// request ids, panic recovery, request logging, body limits and rate
// limits.
package middleware
