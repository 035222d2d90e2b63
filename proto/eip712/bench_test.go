package eip712

import (
	"testing"

	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

func BenchmarkHashOrder(b *testing.B) {
	sep := refDomain(80002, amoyExchange).Separator()
	o := orderA()
	b.ReportAllocs()
	for b.Loop() {
		HashOrder(sep, o)
	}
}

func BenchmarkDomainSeparator(b *testing.B) {
	d := refDomain(80002, amoyExchange)
	b.ReportAllocs()
	for b.Loop() {
		d.Separator()
	}
}

// BenchmarkApitypesHash is the generic go-ethereum encoder, for comparison
// with BenchmarkHashOrder (it also recomputes the domain separator, as its
// API requires).
func BenchmarkApitypesHash(b *testing.B) {
	td := apitypesOrder(refDomain(80002, amoyExchange), orderA())
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := apitypes.TypedDataAndHash(td); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSignOrder(b *testing.B) {
	sep := refDomain(80002, amoyExchange).Separator()
	key, o := testKey(b), orderA()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := SignOrder(key, sep, o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRecoverSigner(b *testing.B) {
	sep := refDomain(80002, amoyExchange).Separator()
	digest := HashOrder(sep, orderA())
	sig, err := SignDigest(testKey(b), digest)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RecoverSigner(digest, sig); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVerifyOrderParallel measures what a gateway does per incoming
// order (hand hash, recover, compare with the signer) on all cores; the
// verifies/s metric is the whole-machine rate.
func BenchmarkVerifyOrderParallel(b *testing.B) {
	sep := refDomain(80002, amoyExchange).Separator()
	o := orderA()
	sig, err := SignOrder(testKey(b), sep, o)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		local := *o
		for pb.Next() {
			if _, err := VerifyOrder(sep, &local, sig); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "verifies/s")
}
