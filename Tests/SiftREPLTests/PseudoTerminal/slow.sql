-- A database on which a correlated query takes minutes: for the Control-C test under tmux.
-- Model: Item { value: Int, parent: Item?, items: [Item] } (introspected from parentID).
CREATE TABLE items (id INTEGER PRIMARY KEY, value INTEGER NOT NULL, parentID INTEGER REFERENCES items(id));
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)
INSERT INTO items SELECT i, i % 1000, CASE WHEN i > 1 THEN (i * 7919) % (i - 1) + 1 END FROM n;
