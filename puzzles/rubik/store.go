package rubik

import (
	"context"
	"io"

	"idaviz/puzzles/pdb"
)

// The cube's databases are stored by package pdb, as rubik-PATTERN.pdb in
// its cache directory.

// ReadTable reads p's database in pdb's file format, checking every field
// against what p expects.
func ReadTable(r io.Reader, p Pattern) (*Table, error) {
	t, err := pdb.ReadTable(r, p.Name, p.Size())
	if err != nil {
		return nil, err
	}
	return &Table{Pattern: p, Table: t}, nil
}

// Opened says how Open came by a table.
type Opened struct {
	pdb.Opened
	Table *Table
}

// Open returns p's database, read from the cache directory when a valid file
// is there, else built (with progress) and saved. A missing, partial or
// corrupted file is rebuilt.
func Open(ctx context.Context, p Pattern, workers int, progress func(pdb.Progress)) (Opened, error) {
	if err := p.Validate(); err != nil {
		return Opened{}, err
	}
	o, err := pdb.Open(ctx, p.spec(), p.builder(workers), progress)
	if err != nil {
		return Opened{}, err
	}
	return Opened{Opened: o, Table: &Table{Pattern: p, Table: o.Table}}, nil
}

// builder builds p's table over workers.
func (p Pattern) builder(workers int) pdb.Builder {
	return func(ctx context.Context, progress func(pdb.Progress)) (*pdb.Table, error) {
		t, err := Build(ctx, p, workers, progress)
		if err != nil {
			return nil, err
		}
		return t.Table, nil
	}
}

// Load reads p's database from the cache directory.
func Load(p Pattern) (*Table, error) {
	t, err := pdb.Load(p.spec())
	if err != nil {
		return nil, err
	}
	return &Table{Pattern: p, Table: t}, nil
}
