// Package eventloop lets a long computation give way where Go runs as
// WebAssembly in a browser (viz site's engine, in a Web Worker): there Go
// has one thread and no preemption, so a search or a table build that
// never blocks would hold the worker's event loop (no message from the page
// gets in: no pause, no cancel) and the session's other goroutines (no
// state goes out). Loops that check their context every so often call
// Yield there too. Elsewhere Yield does nothing.
package eventloop
