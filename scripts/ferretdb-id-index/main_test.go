package main

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// A database file laid out as FerretDB 1.24's SQLite handler lays it out: its metadata table and
// one STRICT table per collection with the document in _ferretdb_sjson, and its own _id index.
func ferretLikeFile(t *testing.T, tables ...string) (string, *sql.DB) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "antiquarium.sqlite")
	db, err := sql.Open("sqlite", "file:"+file+"?_pragma=journal_mode(wal)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	// One connection, long-lived like FerretDB's pooled ones.
	db.SetMaxOpenConns(1)
	exec(t, db, `CREATE TABLE _ferretdb_collections (name TEXT NOT NULL UNIQUE, table_name TEXT NOT NULL UNIQUE, settings TEXT NOT NULL) STRICT`)
	for _, table := range tables {
		exec(t, db, fmt.Sprintf(`CREATE TABLE %q (_ferretdb_sjson TEXT NOT NULL CHECK(_ferretdb_sjson != '')) STRICT`, table))
		exec(t, db, fmt.Sprintf(`CREATE UNIQUE INDEX %q ON %q (_ferretdb_sjson->"_id")`, table+"__id_", table))
		exec(t, db, `INSERT INTO _ferretdb_collections VALUES (?, ?, '{}')`, strings.Split(table, "_")[0], table)
		for i := 0; i < 500; i++ {
			exec(t, db, fmt.Sprintf(`INSERT INTO %q VALUES (?)`, table), fmt.Sprintf(`{"$s":{},"_id":"%024x","name":"n%d"}`, i, i))
		}
	}
	return file, db
}

func exec(t *testing.T, db *sql.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// The plan SQLite chooses for the statements FerretDB 1.24 sends for a lookup, an update and a
// delete by _id (internal/backends/sqlite/collection.go), written exactly as FerretDB writes them.
func plans(t *testing.T, db *sql.DB, table string) []string {
	t.Helper()
	statements := []string{
		fmt.Sprintf(`SELECT _ferretdb_sjson FROM %q WHERE %s = ?`, table, LookupExpression),
		fmt.Sprintf(`UPDATE %q SET _ferretdb_sjson = ? WHERE %s = ?`, table, LookupExpression),
		fmt.Sprintf(`DELETE FROM %q WHERE %s = ?`, table, LookupExpression),
	}
	var found []string
	for _, statement := range statements {
		args := []any{`"0000000000000000000001f3"`}
		if strings.HasPrefix(statement, "UPDATE") {
			args = append([]any{`{}`}, args...)
		}
		rows, err := db.Query("EXPLAIN QUERY PLAN "+statement, args...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		found = append(found, strings.Join(plan, "; "))
	}
	return found
}

func TestFerretDbsIdLookupScansWithoutTheIndexAndSearchesWithIt(t *testing.T) {
	file, db := ferretLikeFile(t, "artifacts_0a1b2c3d", "likes_11223344")
	for _, plan := range plans(t, db, "artifacts_0a1b2c3d") {
		if !strings.HasPrefix(plan, "SCAN") {
			t.Fatalf("before: want a scan (FerretDB's own _id index does not serve its lookup), got %q", plan)
		}
	}

	made, err := EnsureFile(context.Background(), file)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(made, ",") != "artifacts_0a1b2c3d,likes_11223344" {
		t.Fatalf("indexed %v", made)
	}
	// The connection that made the plans above learns of the new index when it next reads (SQLite
	// checks the schema's version then), as FerretDB's pooled connections do on their next query.
	var name string
	if err := db.QueryRow(fmt.Sprintf(`SELECT _ferretdb_sjson->>'$.name' FROM "artifacts_0a1b2c3d" WHERE %s = ?`, LookupExpression), `"0000000000000000000001f3"`).Scan(&name); err != nil || name != "n499" {
		t.Fatalf("lookup: %q, %v", name, err)
	}
	for _, table := range []string{"artifacts_0a1b2c3d", "likes_11223344"} {
		for _, plan := range plans(t, db, table) {
			if !strings.Contains(plan, "USING INDEX "+table+IndexSuffix) {
				t.Fatalf("after: want a search with the lookup index on %s, got %q", table, plan)
			}
		}
	}

	again, err := EnsureFile(context.Background(), file)
	if err != nil || len(again) != 0 {
		t.Fatalf("a second pass indexes nothing: %v, %v", again, err)
	}
}

func TestANewTableIsIndexedOnTheNextPassAndOtherFilesAreLeftAlone(t *testing.T) {
	file, db := ferretLikeFile(t, "artifacts_0a1b2c3d")
	dir := filepath.Dir(file)
	if _, err := EnsureFolder(context.Background(), dir); err != nil {
		t.Fatal(err)
	}
	exec(t, db, `CREATE TABLE "outbox_99887766" (_ferretdb_sjson TEXT NOT NULL) STRICT`)
	exec(t, db, `INSERT INTO _ferretdb_collections VALUES ('outbox', 'outbox_99887766', '{}')`)
	// A database file FerretDB has not written its metadata into yet, and one that is not SQLite's.
	other, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "empty.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	exec(t, other, `CREATE TABLE plain (x TEXT)`)
	other.Close()

	made, err := EnsureFolder(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(made, ",") != "antiquarium.sqlite/outbox_99887766" {
		t.Fatalf("indexed %v", made)
	}
}
