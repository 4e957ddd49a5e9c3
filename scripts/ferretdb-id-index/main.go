// Command ferretdb-id-index keeps an index that FerretDB 1.24's SQLite handler can use for its
// lookups by _id on every collection table in a FerretDB SQLite folder.
//
// FerretDB pushes a filter of exactly { _id: value } down as `_ferretdb_sjson->'$._id' = ?`, and it
// updates and deletes each document by that same expression, but the unique index it makes for _id
// is on `_ferretdb_sjson->"_id"`: an expression SQLite does not take for the same one, so every
// lookup, update and delete by _id scans the table (1.3 s at 100 000 artifacts). This command adds
// an index on FerretDB's own expression beside it (docs/decisions/0042-ferretdb-id-lookup-index.md).
// It runs beside FerretDB and looks again every interval, because FerretDB makes tables whenever a
// collection first gets a document. The index is invisible to FerretDB's metadata and goes with the
// table when FerretDB drops it.
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite"
)

// IndexSuffix names the index this command makes on a table (FerretDB names its own `<table>_<name>`,
// and a Mongo index name cannot hold a space).
const IndexSuffix = " antiquarium id lookup"

// LookupExpression is the expression FerretDB 1.24 compares for a filter on _id
// (internal/backends/sqlite/metadata.IDColumn), written exactly as it writes it.
const LookupExpression = `_ferretdb_sjson->'$._id'`

func main() {
	dir := flag.String("dir", "", "FerretDB's SQLite folder (its --sqlite-url without file:)")
	every := flag.Duration("every", time.Second, "how often to look for new tables")
	once := flag.Bool("once", false, "look once and exit")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "ferretdb-id-index: --dir is required")
		os.Exit(2)
	}
	for {
		made, err := EnsureFolder(context.Background(), *dir)
		for _, name := range made {
			log.Printf("ferretdb-id-index: indexed %s", name)
		}
		if err != nil {
			log.Printf("ferretdb-id-index: %v", err)
		}
		if *once {
			if err != nil {
				os.Exit(1)
			}
			return
		}
		time.Sleep(*every)
	}
}

// EnsureFolder indexes every collection table of every database file in dir; it returns the tables
// it indexed, as "file/table".
func EnsureFolder(ctx context.Context, dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.sqlite"))
	if err != nil {
		return nil, err
	}
	var made []string
	for _, file := range files {
		tables, err := EnsureFile(ctx, file)
		for _, table := range tables {
			made = append(made, filepath.Base(file)+"/"+table)
		}
		if err != nil {
			return made, fmt.Errorf("%s: %w", filepath.Base(file), err)
		}
	}
	return made, nil
}

// EnsureFile indexes the collection tables of one database file that lack the index.
func EnsureFile(ctx context.Context, file string) ([]string, error) {
	// No journal mode is set here: FerretDB made the file and keeps it in WAL mode. The busy timeout
	// matches FerretDB's, so neither side fails while the other writes.
	db, err := sql.Open("sqlite", "file:"+file+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	missing, err := tablesWithoutIndex(ctx, db)
	if err != nil {
		return nil, err
	}
	var made []string
	for _, table := range missing {
		q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %s ON %s (%s)`, quote(table+IndexSuffix), quote(table), LookupExpression)
		if _, err := db.ExecContext(ctx, q); err != nil {
			// A table dropped between the listing and here is not an error.
			if strings.Contains(err.Error(), "no such table") {
				continue
			}
			return made, err
		}
		made = append(made, table)
	}
	return made, nil
}

// tablesWithoutIndex lists FerretDB's collection tables (from its own metadata table) that have no
// index of this command yet. A file that is not (yet) a FerretDB database has none.
func tablesWithoutIndex(ctx context.Context, db *sql.DB) ([]string, error) {
	rows, err := db.QueryContext(ctx, `
		SELECT c.table_name FROM _ferretdb_collections c
		WHERE EXISTS (SELECT 1 FROM sqlite_master t WHERE t.type = 'table' AND t.name = c.table_name)
		  AND NOT EXISTS (SELECT 1 FROM sqlite_master i WHERE i.type = 'index' AND i.name = c.table_name || ?)`, IndexSuffix)
	if err != nil {
		if strings.Contains(err.Error(), "no such table") {
			return nil, nil
		}
		return nil, err
	}
	defer rows.Close()
	var tables []string
	for rows.Next() {
		var table string
		if err := rows.Scan(&table); err != nil {
			return nil, err
		}
		tables = append(tables, table)
	}
	return tables, rows.Err()
}

func quote(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}
