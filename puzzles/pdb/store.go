package pdb

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"sync"
	"time"
	"unsafe"

	"idaviz/internal/atomicfile"
)

// The file format of a stored pattern database, all little-endian:
//
//	magic    8 bytes  "IDAVZPDB"
//	version  uint32   fileVersion
//	nameLen  uint16, then the table's name
//	entries  uint64   the table's size
//	checksum uint32   CRC-32C of the data
//	data     the entries, 4 bits each, 8 to a little-endian uint32
//
// A file whose header, length or checksum does not match what the caller
// expects is rebuilt, never trusted.
const (
	fileMagic   = "IDAVZPDB"
	fileVersion = 1
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrBadFile is wrapped by every error about a database file's content.
var ErrBadFile = errors.New("bad pattern database file")

// Spec names a stored table: the file is PUZZLE-NAME.pdb in the cache
// directory, and its header must name NAME with Size entries.
type Spec struct {
	Puzzle string
	Name   string
	Size   int64
	// Alloc, when set, gives the memory of a table of n words that Load
	// reads from the file: the file is read straight into it, so a table of
	// gigabytes is held once, in memory of the puzzle's choosing (huge
	// pages). nil: the Go heap.
	Alloc func(n int) []uint32
}

func (s Spec) file() string { return s.Puzzle + "-" + s.Name + ".pdb" }

// ioChunk is how many words WriteTo encodes at once, so that a
// database of 255 MB is not copied whole to be written.
const ioChunk = 1 << 16

func encode(buf []byte, words []uint32) []byte {
	buf = buf[:4*len(words)]
	for i, x := range words {
		binary.LittleEndian.PutUint32(buf[4*i:], x)
	}
	return buf
}

// WriteTo writes the table in the file format.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	buf := make([]byte, 4*ioChunk)
	var sum uint32
	for i := 0; i < len(t.words); i += ioChunk {
		sum = crc32.Update(sum, castagnoli, encode(buf, t.words[i:min(i+ioChunk, len(t.words))]))
	}
	hdr := []byte(fileMagic)
	hdr = binary.LittleEndian.AppendUint32(hdr, fileVersion)
	hdr = binary.LittleEndian.AppendUint16(hdr, uint16(len(t.Name)))
	hdr = append(hdr, t.Name...)
	hdr = binary.LittleEndian.AppendUint64(hdr, uint64(t.size))
	hdr = binary.LittleEndian.AppendUint32(hdr, sum)
	n, err := w.Write(hdr)
	total := int64(n)
	if err != nil {
		return total, err
	}
	for i := 0; i < len(t.words); i += ioChunk {
		n, err := w.Write(encode(buf, t.words[i:min(i+ioChunk, len(t.words))]))
		total += int64(n)
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// ReadTable reads a table in the file format, checking every field against
// the name and size expected; memory is allocated only once the header
// agrees, so a hostile header cannot ask for more than size entries.
func ReadTable(r io.Reader, name string, size int64) (*Table, error) {
	return readTable(r, name, size, nil)
}

// readChunk is how many bytes readTable reads at once: the checksum runs
// over each chunk while it is still in the cache.
const readChunk = 1 << 20

// littleEndian: the file's words are the memory's, so they are read in
// place, with no decoding pass.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// readTable is ReadTable into the words alloc gives (nil: the Go heap).
func readTable(r io.Reader, name string, size int64, alloc func(n int) []uint32) (*Table, error) {
	var fixed [14]byte
	if _, err := io.ReadFull(r, fixed[:]); err != nil {
		return nil, fmt.Errorf("%w: header: %w", ErrBadFile, err)
	}
	if string(fixed[:8]) != fileMagic {
		return nil, fmt.Errorf("%w: not a pattern database (magic %q)", ErrBadFile, fixed[:8])
	}
	if v := binary.LittleEndian.Uint32(fixed[8:]); v != fileVersion {
		return nil, fmt.Errorf("%w: format version %d, want %d", ErrBadFile, v, fileVersion)
	}
	nl := int(binary.LittleEndian.Uint16(fixed[12:]))
	if nl != len(name) {
		return nil, fmt.Errorf("%w: table name of %d bytes, want %q", ErrBadFile, nl, name)
	}
	rest := make([]byte, nl+12)
	if _, err := io.ReadFull(r, rest); err != nil {
		return nil, fmt.Errorf("%w: header: %w", ErrBadFile, err)
	}
	if got := string(rest[:nl]); got != name {
		return nil, fmt.Errorf("%w: table %q, want %q", ErrBadFile, got, name)
	}
	if n := binary.LittleEndian.Uint64(rest[nl:]); n != uint64(size) {
		return nil, fmt.Errorf("%w: %d entries, want %d", ErrBadFile, n, size)
	}
	sum := binary.LittleEndian.Uint32(rest[nl+8:])
	n := int((size + 7) / 8)
	var words []uint32
	if alloc != nil {
		words = alloc(n)
	} else {
		words = make([]uint32, n)
	}
	if len(words) != n {
		return nil, fmt.Errorf("pattern database %q: memory of %d words given for %d", name, len(words), n)
	}
	t := &Table{Name: name, size: size, words: words}
	var b []byte
	if n > 0 {
		b = unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), 4*n)
	}
	var got uint32
	for i := 0; i < len(b); i += readChunk {
		c := b[i:min(i+readChunk, len(b))]
		if _, err := io.ReadFull(r, c); err != nil {
			return nil, fmt.Errorf("%w: data: %w", ErrBadFile, err)
		}
		got = crc32.Update(got, castagnoli, c)
	}
	if !littleEndian {
		for j := range words {
			words[j] = binary.LittleEndian.Uint32(b[4*j:])
		}
	}
	var one [1]byte
	if _, err := io.ReadFull(r, one[:]); err != io.EOF {
		return nil, fmt.Errorf("%w: data goes on past %d entries", ErrBadFile, t.size)
	}
	if got != sum {
		return nil, fmt.Errorf("%w: checksum %08x, header says %08x", ErrBadFile, got, sum)
	}
	return t, nil
}

// ErrNotRegular is wrapped by the refusal of a cache path that holds
// something other than a regular file (a FIFO would block a reader for
// ever).
var ErrNotRegular = atomicfile.ErrNotRegular

// ErrCacheUnusable wraps the reason a table cannot be saved in the cache
// directory.
var ErrCacheUnusable = errors.New("pattern database cache is unusable")

// Opened says how Open came by a table.
type Opened struct {
	Table     *Table
	Path      string
	Built     bool          // built now, not read from the cache
	Reason    error         // why the cached file was not used, when Built
	BuildTime time.Duration // when Built
	// SaveErr is why a table built now could not be saved; it still serves
	// this process.
	SaveErr error
}

// Builder builds a table from nothing; Open calls it when the cache has no
// valid file.
type Builder func(ctx context.Context, progress func(Progress)) (*Table, error)

// cacheWarning says once per process that the cache cannot be written, so
// that a user learns why every run builds again, without being told on
// every run of a server.
var cacheWarning sync.Once

// Open returns s's table, read from the cache directory when a valid file is
// there, else built and saved. A missing, partial or corrupted file is
// rebuilt; progress is told which file was not used and why, unless it was
// only missing. When the cache cannot be written the table is built in memory and
// progress is told so, once per process, with the reason.
func Open(ctx context.Context, s Spec, build Builder, progress func(Progress)) (Opened, error) {
	t, lerr := Load(s)
	if lerr == nil {
		path, _ := FilePath(s)
		return Opened{Table: t, Path: path}, nil
	}
	if (errors.Is(lerr, ErrBadFile) || errors.Is(lerr, ErrNotRegular)) && progress != nil {
		// A file that was there and is not used: say which and why, or
		// the minutes of a build come as a surprise.
		progress(Progress{Table: s.Name, Note: fmt.Sprintf("rebuilding it: the cached file cannot be used: %v", lerr)})
	}
	o, err := Rebuild(ctx, s, build, progress)
	o.Reason = lerr
	return o, err
}

// Rebuild builds s's table whatever the cache holds and saves it (viz pdb
// build --force, and Open when the cache has no valid file). A cache that
// cannot be written is said once, through progress, and left in SaveErr:
// the table still serves this process.
func Rebuild(ctx context.Context, s Spec, build Builder, progress func(Progress)) (Opened, error) {
	path, err := FilePath(s)
	if err != nil {
		path = ""
	}
	cerr := CheckCache()
	if cerr != nil && progress != nil {
		cacheWarning.Do(func() {
			progress(Progress{Table: s.Name, Note: cerr.Error() + "; building in memory on every run"})
		})
	}
	start := time.Now()
	t, err := build(ctx, progress)
	if err != nil {
		return Opened{}, err
	}
	o := Opened{Table: t, Path: path, Built: true, BuildTime: time.Since(start)}
	if cerr != nil {
		o.SaveErr = cerr
		return o, nil
	}
	o.SaveErr = Save(s, t)
	return o, nil
}

// Stored is a table kept in the cache directory and the builder that makes
// it: what a heuristic reads, as OpenAll opens it.
type Stored struct {
	Spec  Spec
	Build Builder
}

// OpenAll opens the stored tables a heuristic reads (viz pdb build): each is
// read from the cache when valid, else built and saved; force builds them
// all again. The cache is checked before any build, so that a build is
// never thrown away for want of a place to save it, and a table that could
// not be saved is an error. It returns the tables opened before an error.
func OpenAll(ctx context.Context, tables []Stored, force bool, progress func(Progress)) ([]Opened, error) {
	if err := CheckCache(); err != nil {
		return nil, err
	}
	open := Open
	if force {
		open = Rebuild
	}
	var out []Opened
	for _, t := range tables {
		o, err := open(ctx, t.Spec, t.Build, progress)
		if err != nil {
			return out, err
		}
		if o.SaveErr != nil {
			return out, o.SaveErr
		}
		out = append(out, o)
	}
	return out, nil
}

// NotCached reports whether err says only that no file was there yet (the
// usual first run), as opposed to a file that was bad.
func NotCached(err error) bool { return errors.Is(err, fs.ErrNotExist) }
