// Package natscheck refuses, at a process's start, a NATS that cannot
// hold what the process was configured to ask of it, with a message that
// says what to do:
//
//   - Cluster: replicas > 1 asked of a server that is not in a cluster, or
//     of a cluster with fewer servers than replicas;
//   - CreateOrUpdateStream and CreateOrUpdateKeyValue: a stream or bucket
//     that exists at another replica count than asked. JetStream would
//     scale it silently (the CreateOrUpdate of nats.go sends an update),
//     so a process started with the wrong flag would move the exchange's
//     log from three copies to one. Scaling is an operator's decision: the
//     message names the nats CLI command that does it, or the flag that
//     matches what exists.
//
// Every process that creates streams or buckets goes through these two
// functions, which run Cluster first, so each check is written once and
// every binary runs both before it writes anything.
package natscheck
