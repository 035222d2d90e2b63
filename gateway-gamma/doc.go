// Package gammagateway will hold the Gamma HTTP API (events, markets, games,
// login, profiles, public-info). It has no code yet: its issue has not come.
package gammagateway
