//go:build !js

package eventloop

// Yield does nothing where goroutines are preempted.
func Yield() {}
