package rubik

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"time"
)

// The file format of a stored pattern database, all little-endian:
//
//	magic    8 bytes  "IDAVZPDB"
//	version  uint32   fileVersion
//	nameLen  uint16, then the pattern's name
//	entries  uint64   the pattern's size
//	checksum uint32   CRC-32C of the data
//	data     the entries, 4 bits each, 8 to a little-endian uint32
//
// A file whose header, length or checksum does not match what the pattern
// expects is rebuilt, never trusted.
const (
	fileMagic   = "IDAVZPDB"
	fileVersion = 1
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// CacheDir is where pattern databases are stored: $IDAVIZ_CACHE_DIR/pdb when
// that is set, else os.UserCacheDir()/idaviz/pdb.
func CacheDir() (string, error) {
	if d := os.Getenv("IDAVIZ_CACHE_DIR"); d != "" {
		return filepath.Join(d, "pdb"), nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for pattern databases (set IDAVIZ_CACHE_DIR): %w", err)
	}
	return filepath.Join(d, "idaviz", "pdb"), nil
}

// FilePath is the file that holds p's database.
func FilePath(p Pattern) (string, error) {
	d, err := CacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "rubik-"+p.Name+".pdb"), nil
}

// ioChunk is how many words WriteTo and ReadTable encode at once, so that a
// database of 255 MB is not copied whole to be written or read.
const ioChunk = 1 << 16

// encode writes words little-endian into buf, which has room for them.
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
	hdr = binary.LittleEndian.AppendUint16(hdr, uint16(len(t.Pattern.Name)))
	hdr = append(hdr, t.Pattern.Name...)
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

// ErrBadFile is wrapped by every error about a database file's content.
var ErrBadFile = errors.New("bad pattern database file")

// ReadTable reads p's database in the file format, checking every field
// against what p expects.
func ReadTable(r io.Reader, p Pattern) (*Table, error) {
	br := bufio.NewReader(r)
	var fixed [14]byte
	if _, err := io.ReadFull(br, fixed[:]); err != nil {
		return nil, fmt.Errorf("%w: header: %w", ErrBadFile, err)
	}
	if string(fixed[:8]) != fileMagic {
		return nil, fmt.Errorf("%w: not a pattern database (magic %q)", ErrBadFile, fixed[:8])
	}
	if v := binary.LittleEndian.Uint32(fixed[8:]); v != fileVersion {
		return nil, fmt.Errorf("%w: format version %d, want %d", ErrBadFile, v, fileVersion)
	}
	nl := int(binary.LittleEndian.Uint16(fixed[12:]))
	if nl != len(p.Name) {
		return nil, fmt.Errorf("%w: pattern name of %d bytes, want %q", ErrBadFile, nl, p.Name)
	}
	rest := make([]byte, nl+12)
	if _, err := io.ReadFull(br, rest); err != nil {
		return nil, fmt.Errorf("%w: header: %w", ErrBadFile, err)
	}
	if name := string(rest[:nl]); name != p.Name {
		return nil, fmt.Errorf("%w: pattern %q, want %q", ErrBadFile, name, p.Name)
	}
	if n := binary.LittleEndian.Uint64(rest[nl:]); n != uint64(p.Size()) {
		return nil, fmt.Errorf("%w: %d entries, want %d", ErrBadFile, n, p.Size())
	}
	sum := binary.LittleEndian.Uint32(rest[nl+8:])
	t := &Table{Pattern: p, size: p.Size(), words: make([]uint32, (p.Size()+7)/8)}
	buf := make([]byte, 4*ioChunk)
	var got uint32
	for i := 0; i < len(t.words); i += ioChunk {
		words := t.words[i:min(i+ioChunk, len(t.words))]
		b := buf[:4*len(words)]
		if _, err := io.ReadFull(br, b); err != nil {
			return nil, fmt.Errorf("%w: data: %w", ErrBadFile, err)
		}
		got = crc32.Update(got, castagnoli, b)
		for j := range words {
			words[j] = binary.LittleEndian.Uint32(b[4*j:])
		}
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%w: data goes on past %d entries", ErrBadFile, t.size)
	}
	if got != sum {
		return nil, fmt.Errorf("%w: checksum %08x, header says %08x", ErrBadFile, got, sum)
	}
	return t, nil
}

// Save writes t to its file in the cache directory, through a temporary
// file renamed into place, so that a reader never sees half a file.
func (t *Table) Save() error {
	path, err := FilePath(t.Pattern)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("saving pattern database %q: %w", t.Pattern.Name, err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("saving pattern database %q: %w", t.Pattern.Name, err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	_, err = t.WriteTo(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("saving pattern database %q: %w", t.Pattern.Name, err)
	}
	return nil
}

// Load reads p's database from the cache directory.
func Load(p Pattern) (*Table, error) {
	path, err := FilePath(p)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := ReadTable(f, p)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// Opened says how Open came by a table.
type Opened struct {
	Table     *Table
	Path      string
	Built     bool          // built now, not read from the cache
	Reason    error         // why the cached file was not used, when Built
	BuildTime time.Duration // when Built
}

// Open returns p's database, read from the cache directory when a valid file
// is there, else built (with progress) and saved. A missing, partial or
// corrupted file is rebuilt.
func Open(ctx context.Context, p Pattern, workers int, progress func(Progress)) (Opened, error) {
	if err := p.Validate(); err != nil {
		return Opened{}, err
	}
	path, err := FilePath(p)
	if err != nil {
		return Opened{}, err
	}
	t, lerr := Load(p)
	if lerr == nil {
		return Opened{Table: t, Path: path}, nil
	}
	start := time.Now()
	t, err = Build(ctx, p, workers, progress)
	if err != nil {
		return Opened{}, err
	}
	o := Opened{Table: t, Path: path, Built: true, Reason: lerr, BuildTime: time.Since(start)}
	if err := t.Save(); err != nil {
		return o, err
	}
	return o, nil
}
