-- The small database the REPL tests run against (a cut-down Examples/example.sql).
CREATE TABLE companies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city TEXT
);
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  nickname TEXT,
  age INTEGER NOT NULL,
  birth REAL NOT NULL,
  score REAL NOT NULL,
  isActive INTEGER NOT NULL,
  companyID INTEGER REFERENCES companies(id)
);
CREATE TABLE interests (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  category TEXT
);
CREATE TABLE userInterests (
  userID INTEGER NOT NULL REFERENCES users(id),
  interestID INTEGER NOT NULL REFERENCES interests(id),
  PRIMARY KEY (userID, interestID)
);
CREATE TABLE reminders (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  priority INTEGER,
  dueDate TEXT
);
INSERT INTO companies VALUES (1, 'Acme', 'Seoul'), (2, 'Initech, Inc.', NULL),
  (3, 'The Extremely Long Company Name That Keeps Going On and On', '서울특별시 강남구 테헤란로 아주 긴 주소입니다');
INSERT INTO users VALUES
  (1, '김민준', 'minjun', 21, 795052800.0, 72.5, 1, 1),
  (2, 'Kim', NULL, 18, 0.0, 0.0, 1, NULL),
  (3, 'O''Brien', 'ob', 65, -31622400.25, 99.75, 0, 2),
  (4, 'Zoë "Z" Quote', NULL, 30, 700000000.5, 50.0, 1, 1),
  (5, 'Line' || char(10) || 'Break, Comma', 'lb', 40, 100.0, -1.5, 0, NULL);
INSERT INTO interests VALUES (1, '등산', 'outdoor'), (2, 'reading', NULL), (3, 'chess', 'games');
INSERT INTO userInterests VALUES (1, 1), (1, 2), (2, 3), (4, 1);
INSERT INTO reminders VALUES
  (1, 'Buy milk', 3, '2026-03-14 09:30:00.000'),
  (2, 'Call Renée', NULL, NULL),
  (3, 'File taxes', 1, '2026-04-15 00:00:00.250');
