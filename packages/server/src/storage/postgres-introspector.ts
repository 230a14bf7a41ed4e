/**
 * What Kysely's `Migrator` asks of a PostgreSQL database, answered from the pool's own schema only.
 *
 * Kysely's own introspector reads every schema of the database, calling `pg_get_serial_sequence` on each table's
 * qualified name: a schema dropped by someone else meanwhile (another deployment on the same database, a parallel
 * test) fails the whole read with SQLSTATE 3F000 "schema … does not exist", and with it the migration (it failed
 * CI runs and a soak's start). The migrator needs only whether its schema and its two tables exist; this reads
 * the catalog for that one schema, by name, so no other schema's coming or going can fail it.
 */
import { sql, type DatabaseIntrospector, type DatabaseMetadata, type DatabaseMetadataOptions, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

/** The introspector of a pool whose `search_path` is `schema`: schemas and tables of that schema only, without columns. */
export class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schema: string;

  constructor(db: Kysely<unknown>, schema: string) {
    this.#db = db;
    this.#schema = schema;
  }

  /** The pool's schema, if it exists (an empty list otherwise). */
  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${this.#schema}`.execute(this.#db);
    return rows.map((row) => ({ name: row.name }));
  }

  /** The tables and views of the pool's schema, Kysely's own included (the migrator looks for those); `columns` is empty. */
  async getTables(_options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = ${this.#schema} and c.relkind in ('r', 'v', 'm', 'p')`.execute(this.#db);
    return rows.map((row) => ({ name: row.name, schema: this.#schema, isView: row.kind === 'v' || row.kind === 'm', columns: [] }));
  }

  /** @deprecated in Kysely's interface; the tables as `getTables` gives them. */
  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
