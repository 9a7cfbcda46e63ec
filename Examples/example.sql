-- Sift example database. Build: sqlite3 Examples/example.sqlite < Examples/example.sql
--
-- One database, two domains:
--   People (SwiftData flavour): companies, users, interests, userInterests.
--   Reminders (SQLiteData / StructuredQueries flavour): remindersLists, reminders, tags, reminderTags,
--     attachments (one table for a reminder's links, notes and images: a `@Selection` enum),
--     and reminderTexts, an FTS5 full-text index of the reminders' titles and notes.
--
-- Conventions
--   Table = model name, lower-case first letter, plural (User -> users, RemindersList -> remindersLists).
--   Column = property name (camelCase); a to-one relationship `company` is the column `companyID`.
--   Every table has `id INTEGER PRIMARY KEY`, except join tables, keyed by exactly their two foreign keys.
--   People dates: REAL seconds since 2001-01-01 00:00:00 UTC (timeIntervalSinceReferenceDate); negative before 2001.
--   Reminders dates: TEXT 'YYYY-MM-DD HH:MM:SS.SSS' in UTC (StructuredQueries), so text order = time order.
--   Bool: INTEGER 0/1. UUID: upper-case TEXT (uuidString). Priority: INTEGER 1 low, 2 medium, 3 high, or NULL.
--   Status: TEXT 'todo' | 'inProgress' | 'done'. Color: INTEGER 0xRRGGBB.
--   Decomposed (NFD) strings are written with char(): 'Jose' || char(769) is José with a combining acute.
--   The data was chosen for "now" = 2026-11-29 (ages, past/future due dates). No ANALYZE: plans come from the schema.
--
-- Traps (example row ids)
--   Korean text: users 1, 2, 3, 32, 33; interests 1 등산, 2 독서, 3 요리, 4, 5; remindersLists 3; reminders in list 3; tags 6.
--   Composed vs decomposed accents: users 4/5 José, 6/7 Zoë, 8/9 Chloé, 10/11 Renée; interests 13/14; tags 10/11.
--   Case-only differences: users 12 kim, 13 Kim, 14 KIM, 15 Kimberly, 16 kimchi lover; tags 3 urgent / 4 Urgent.
--   Substring 'kim' inside words: users 17 Joakim, 16; interest 20 kimchi making.
--   LIKE metacharacters with decoys: '%' users 20 (decoy 23), company 4, interest 10, tag 7;
--     '_' users 21 (decoy 22), company 5, interest 11 (decoy 12), tag 8 (decoy 9), list 6.
--   Quote and backslash: user 18 O'Brien, user 19 back\slash, company 6, company 7, reminders with notes C:\...
--   ß vs SS: users 24 Straße / 25 STRASSE, companies 8 / 9.
--   Dotted capital İ: user 30.
--   Empty strings: user 26 name, users 17 and 26 nickname, company 10 name and city, empty reminder titles.
--   Leading/trailing spaces: users 27, 28, 29; company 11 ('  Padded Corp  ', city ' Seoul').
--   NULLs: users.nickname (e.g. 2), users.companyID (e.g. 7), companies.city (3, 7), companies.founded (3, 9),
--     interests.category (8, 11, 15, 19), reminders.dueDate and reminders.priority (e.g. 7).
--   Empty relationships: users without interests (7, 11, 22, 25, 26, ...), interests nobody has (18, 19),
--     companies without users (9, 12), users without a company (7, 9, 14, ...), lists without reminders (5, 6),
--     tags on no reminder (9, 12), reminders without tags (7, 15, 16, ...).
--   allSatisfy on empty sets: users with no interests satisfy every allSatisfy.
--   Ages 0..99 with ties and boundaries 18, 20, 21, 30, 65 (users 26 age 0, 14 age 99, 3 age 18, 4 age 20, 2 age 21).
--   Scores: fractions, ties (72.5 for users 3, 4, 5), 0.0 (user 6), negative (users 7, 38), equal to Double(age) (8, 39, 40).
--   Births: before 2001 (negative, e.g. user 38), after 2001, exactly 0.0 (user 34), -0.5 (user 35), 0.25 (user 36),
--     fractional seconds, identical births (users 12 and 13).
--   Due dates: past and future, nil, identical timestamps ('2026-12-01 09:00:00.000': reminders 3, 4, 24, 29, 66; ±1 ms: 46, 79), midnight
--     boundaries (23:59:59.999 vs 00:00:00.000), a leap day, one before 2001.
--   Priorities NULL/1/2/3 and every status; one reminder completed but 'inProgress', one 'done' but not completed.
--   Positions: reminders positions repeat across lists, and once inside list 1 (ids 6 and 7).
--   Duplicate names with different rows: users 1 and 32 (김민준); reminders 12 and 13 (Gym).

PRAGMA foreign_keys = ON;

BEGIN TRANSACTION;

-- ============================================================ People
CREATE TABLE companies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city TEXT,
  founded REAL
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  identifier TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  nickname TEXT,
  age INTEGER NOT NULL,
  birth REAL NOT NULL,
  score REAL NOT NULL,
  isActive INTEGER NOT NULL CHECK (isActive IN (0, 1)),
  companyID INTEGER REFERENCES companies(id) ON DELETE SET NULL
);

CREATE TABLE interests (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  category TEXT
);

CREATE TABLE userInterests (
  userID INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  interestID INTEGER NOT NULL REFERENCES interests(id) ON DELETE CASCADE,
  PRIMARY KEY (userID, interestID)
);

CREATE INDEX users_age ON users(age);
CREATE INDEX users_name ON users(name);
CREATE INDEX users_birth ON users(birth);
CREATE INDEX users_companyID ON users(companyID);
CREATE INDEX userInterests_interestID ON userInterests(interestID);
CREATE INDEX interests_title ON interests(title);
CREATE INDEX companies_name ON companies(name);

-- ============================================================ Reminders
CREATE TABLE remindersLists (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  color INTEGER NOT NULL,
  position INTEGER NOT NULL
);

CREATE TABLE reminders (
  id INTEGER PRIMARY KEY,
  remindersListID INTEGER NOT NULL REFERENCES remindersLists(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  notes TEXT NOT NULL DEFAULT '',
  isCompleted INTEGER NOT NULL DEFAULT 0 CHECK (isCompleted IN (0, 1)),
  dueDate TEXT,
  priority INTEGER CHECK (priority IN (1, 2, 3)),
  status TEXT NOT NULL CHECK (status IN ('todo', 'inProgress', 'done')),
  position INTEGER NOT NULL
);

CREATE TABLE tags (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL UNIQUE
);

CREATE TABLE reminderTags (
  reminderID INTEGER NOT NULL REFERENCES reminders(id) ON DELETE CASCADE,
  tagID INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
  PRIMARY KEY (reminderID, tagID)
);

CREATE INDEX reminders_remindersListID ON reminders(remindersListID);
CREATE INDEX reminders_dueDate ON reminders(dueDate);
CREATE INDEX reminders_priority ON reminders(priority);
CREATE INDEX reminderTags_tagID ON reminderTags(tagID);

-- ============================================================ People data

INSERT INTO companies (id, name, city, founded) VALUES
  (1, 'Acme', 'Seoul', -184291200.0),
  (2, 'Globex', 'San Francisco', 77362200.0),
  (3, 'Initech', NULL, NULL),  -- nil city and nil founded
  (4, '50% off Deals', 'Busan', 311126400.0),  -- '%' in a LIKE pattern
  (5, 'snake_case Labs', 'Berlin', 449582400.5),  -- '_' in a LIKE pattern
  (6, 'O''Brien & Sons', 'Dublin', -2544134400.0),  -- quote; founded long before 2001 (negative)
  (7, 'back\slash Systems', NULL, -0.5),  -- backslash; founded 0.5 s before the reference date
  (8, 'Straße Bau GmbH', 'München', -391305600.0),  -- ß; composed ü
  (9, 'STRASSE BAU', 'Munich', NULL),  -- upper-case STRASSE; no users
  (10, '', '', 0.0),  -- empty name and city; founded exactly at the reference date (0.0)
  (11, '  Padded Corp  ', ' Seoul', 604713599.999),  -- leading/trailing spaces; ' Seoul' is not 'Seoul'
  (12, 'Hanbit 한빛', 'Seoul', 347068800.0);  -- no users

INSERT INTO users (id, identifier, name, nickname, age, birth, score, isActive, companyID) VALUES
  (1, '067FD22F-4B8D-4B03-AFB2-77B754ED04A8', '김민준', '민준', 30, -141065298.212, 88.5, 1, 1),  -- Korean name
  (2, '5149FBF8-8032-4115-BE5D-2A15F4AEA207', '이서연', NULL, 21, 131458280.0, 91.25, 1, 1),  -- Korean name; three interests with prefix 요
  (3, '6CBD1D7F-ACBD-4057-9CB3-893356E2B7C6', '박지호', '지호', 18, 224757802.763, 72.5, 1, 4),  -- Korean name; age 18
  (4, 'AF2F6885-44EB-4F79-A0BF-32EE2CE4BDA4', 'José', 'Pepe', 20, 163689418.46, 72.5, 1, 2),  -- composed é
  (5, '1DABE1EE-6377-4C09-BA64-BF6E6DCE9D53', 'Jose' || char(769), NULL, 20, 181188019.219, 72.5, 1, 2),  -- decomposed é
  (6, 'CEC36D1B-CD39-4A95-B023-82860D95712B', 'Zoë', 'Zo', 65, -1242663648.0, 0.0, 1, 5),  -- composed ë; age 65; score 0.0
  (7, 'A44F6ED1-90B9-482B-B728-33B04E55F7E6', 'Zoe' || char(776), NULL, 65, -1261086975.829, -0.25, 0, NULL),  -- decomposed ë; negative score; no company, no interests
  (8, '576922BF-9680-41B0-8A4B-365296D89EEF', 'Chloé', 'Chlo', 30, -137948606.5, 30.0, 1, 3),  -- composed é; score == Double(age)
  (9, 'BE30F442-4BCA-4680-9E4B-59804ED40F33', 'Chloe' || char(769), NULL, 31, -179774102.75, 30.5, 1, NULL),  -- decomposed é
  (10, '6D877110-A45F-4D67-9221-7B6B9C98F838', 'Renée', NULL, 45, -624439339.75, 45.0, 1, 6),  -- composed é
  (11, '21EA48DF-C52B-4C8C-AEE7-F9A20AA21C5E', 'Rene' || char(769) || 'e', NULL, 45, -607958131.5, 44.999, 0, 6),  -- decomposed é
  (12, '43610E2E-DE80-4464-85F6-16092CAF300D', 'kim', 'kim', 21, 143016300.125, 50.0, 1, 1),  -- lower-case kim; same birth as 13
  (13, '6EA24599-5818-4C9E-A0A4-D74F6F4CCD0A', 'Kim', 'Kim', 21, 143016300.125, 50.0, 1, 1),  -- capitalised Kim; same birth as 12
  (14, '6914AC9C-6C3E-414B-A66C-06399E88CC04', 'KIM', 'KIM', 99, -2320780981.234, 99.9, 0, NULL),  -- upper-case KIM; age 99
  (15, '99D4333B-EA4E-48BB-8191-44CB2EEC9E68', 'Kimberly', 'Kim', 34, -261500584.0, 67.75, 1, 2),  -- prefix Kim
  (16, '91C06BCF-38FB-4BD8-B1FB-791600F35C93', 'kimchi lover', NULL, 27, -36050274.0, 12.5, 1, 4),  -- prefix kim, with a space
  (17, 'FD76AC3E-DBD9-421B-BDEF-25B8BA8F558A', 'Joakim', '', 40, -464722455.0, 61.0, 1, 8),  -- contains kim; empty nickname
  (18, '041F09B7-B90A-4FCF-B163-AAFC237FC08A', 'O''Brien', 'Obie', 52, -835938895.744, 77.7, 1, 6),  -- single quote
  (19, '3A877F55-C3C4-4AB4-B767-F43A5C31AB91', 'back\slash', 'path\to\file', 19, 190066194.75, 19.5, 1, 7),  -- backslash
  (20, 'D5A911F3-86A5-4420-B7DA-35853BA78735', 'Percy Fifty', '50% off', 38, -410715981.5, 50.5, 1, 4),  -- '%' in nickname
  (21, 'ED33AC5C-2EF6-4634-A233-EA68899B729E', 'snake_case', 'snake_case', 29, -119122331.057, 64.0, 1, 5),  -- '_'
  (22, '3AC11B7F-EB1F-4244-9F0A-C8C4242E9540', 'snakeXcase', 'snakeXcase', 29, -110271569.358, 64.0, 1, 5),  -- decoy for '_' (LIKE 'snake_case' matches it)
  (23, 'F5F99B9A-B8FF-4930-851B-5A9A99A11B86', 'Fifty Bucks', '50 bucks off', 38, -384247760.587, 50.5, 0, 4),  -- decoy for '%' (LIKE '50% off' matches it)
  (24, 'EC2880D2-79A5-4790-85EB-98098D128B72', 'Straße', 'strasse', 60, -1080952731.5, 58.25, 1, 8),  -- ß
  (25, '95104C8F-D046-402E-8814-3904B5CB7B10', 'STRASSE', NULL, 60, -1096474236.0, 58.25, 1, NULL),  -- upper-case STRASSE
  (26, 'DEFB2C53-1602-490E-8251-F2B7B090F1B5', '', '', 0, 814501879.25, 0.0, 0, NULL),  -- empty name and nickname; age 0
  (27, '859AC2C9-A132-4B2E-9A3D-09939F773C8C', '  Padded  ', ' kim', 33, -236231516.5, 70.0, 1, 11),  -- leading/trailing spaces
  (28, '55554FA6-5283-4A9C-8B4D-E3C22413C3FC', ' kim', NULL, 22, 93755588.61, 22.0, 1, NULL),  -- leading space
  (29, '7D454B3B-DC94-4C71-86FE-EEB70C9AA690', 'kim ', 'kim ', 22, 109896412.25, 21.75, 1, 10),  -- trailing space; company with empty name
  (30, '5C269302-6121-45A0-B376-359CB3537901', 'İlkay', NULL, 28, -89652647.367, 81.0, 1, 8),  -- dotted capital İ (lower-cases to two code points)
  (31, 'C0225C90-A60F-4D51-A8C3-A785B7E5C7FC', 'Åsa', 'Åsa', 47, -677262567.25, 47.5, 1, 5),  -- composed Å
  (32, '3C7CDB52-023E-4613-B67B-BC4EEEB4EF87', '김민준', NULL, 30, -144131333.75, 88.5, 1, NULL),  -- same name, age and score as user 1
  (33, '3DA86144-1216-435C-A278-424E12D75D31', '요리왕', '셰프', 44, -584631098.675, 95.0, 1, 1),  -- Korean; prefix 요
  (34, '8079DFC6-BD40-4FBD-B460-BC000707AF0F', 'Ethan Cole', NULL, 25, 0.0, 75.0, 1, 2),  -- born exactly at the reference date (birth 0.0)
  (35, '59CE41DC-1E73-403C-9986-D94A49618012', 'Maya Lin', 'May', 25, -0.5, 75.0, 1, 3),  -- born 0.5 s before the reference date
  (36, '02F0A420-B199-44AA-B24E-2AB02F29B407', 'Noah Park', NULL, 25, 0.25, 75.0, 0, NULL),  -- born 0.25 s after the reference date
  (37, 'C2CED446-7FFB-4E79-8A50-314AFF4417FF', 'Grace Baby', 'Gracie', 0, 804827700.5, 0.0, 1, NULL),  -- age 0, born 2026
  (38, '76286FFB-9816-438C-9D17-5B071E535657', 'Tom Elder', 'Grandpa', 99, -2332439693.211, -3.5, 0, 6),  -- age 99, born 1927
  (39, '70CE8D03-466B-4C24-A252-4CEF3971121D', 'Ava Stone', NULL, 18, 231440567.864, 18.0, 1, 1),  -- age 18; score == Double(age)
  (40, 'A9F6A676-AFA4-46DC-BF85-929BB0AA60E2', 'Liam Stone', NULL, 65, -1256465765.196, 65.0, 0, 1),  -- age 65; score == Double(age)
  (41, 'A48B9927-0B27-4FFA-8D15-DAA2B0668AEE', 'Ólafur Jónsson', NULL, 20, 171321729.5, 72.5, 1, 10),
  (42, '0B9E17EF-5D97-4F03-915A-12F466AAEC18', '황시우', NULL, 64, -1214343264.278, 30.6, 1, 7),
  (43, 'E804678B-4D78-4B65-9233-562A81D242B6', 'Liam Johnson', '', 29, -120203601.282, 87.0, 1, 6),
  (44, '1AB6D8A7-F306-439F-8797-9D0CE0F13535', '홍서윤', NULL, 93, -2122908205.75, 10.1, 1, 3),
  (45, 'CA2C3788-C2E5-446A-B89F-858269AA1CE1', '이도현', NULL, 88, -1974004677.75, 10.1, 1, 10),
  (46, '8776D173-D340-4648-B700-AC743A350019', 'Dylan Cook', '100%', 33, -236691117.5, 28.6, 1, 5),
  (47, 'A16B8F2C-7A2D-4AF3-8551-7B96E5DF0A3D', 'Mónica García', '', 65, -1262678562.037, 88.5, 1, 6),
  (48, '21269246-22BC-4972-82E5-5247A70AFB1C', 'Daniel Hall', NULL, 63, -1186151043.786, 78.5, 0, 10),
  (49, '9B72EC97-76D3-4E53-B197-BBA9C5D20A1D', 'Benjamin Robinson', NULL, 39, -438032795.0, 99.1, 1, 5),
  (50, 'E451307B-9F1C-4651-B4B5-BD09AB0FC150', 'Mckim Aidan', NULL, 66, -1287127867.75, 72.5, 1, 11),
  (51, 'B8210D06-02AE-4D16-B372-872DEA0A95BC', 'Kim Taehyun', 'Tay''', 81, -1743325890.409, 97.25, 1, 5),
  (52, 'E7717956-FE41-4C44-964E-3ACE1D70E59B', '윤지우', NULL, 43, -541380963.876, -1.0, 1, 7),
  (53, 'CC175160-D715-4D2B-AF2E-981E2B4116D5', 'François Dubois', NULL, 38, -404495710.351, 99.9, 0, 8),
  (54, '44582878-6418-4C64-B872-FBB06A095E95', 'Dvořák Jan', NULL, 68, -1335299276.739, 50.0, 0, 2),
  (55, '9705C050-E460-42EE-B9D0-C57F54BD7E0B', 'Akim Petrov', NULL, 55, -943786718.0, 50.0, 1, 6),
  (56, '34345978-697B-4594-B056-F8598F5BA478', 'Sophia Miller', 'Doc', 64, -1210341146.089, 10.1, 1, 2),
  (57, '7D7C56BC-F202-4603-A41E-68FD0BFD1D7A', '서하은', NULL, 31, -188174083.5, 92.75, 0, 3),
  (58, '359F6B1B-B554-48DD-8C4A-7427F5CCFE62', 'Siân Evans', NULL, 30, -138284837.219, 78.0, 1, 3),
  (59, '3EE3472F-13D7-434B-9D67-54508D3BCDFD', 'Jack Evans', NULL, 64, -1221434785.0, 50.35, 0, 1),
  (60, '8A5091A9-D830-4FE9-8ABE-28C3A5DBE4AC', 'Elijah Martin', '100%', 68, -1349955693.0, 20.6, 1, 1),
  (61, 'FB15D128-B1DE-43E9-9CF9-FE7516966E66', 'Samuel Wright', NULL, 21, 137452622.116, 22.0, 0, 8),
  (62, '80C88901-2BC8-40D9-8DA7-25736750E46D', 'David Green', NULL, 30, -137869324.926, 23.6, 1, 7),
  (63, 'EDB3210D-31AF-4998-BBE0-41182B735D46', 'Amelia Jackson', 'the_boss', 21, 131859242.407, 30.75, 1, 8),
  (64, 'F0560B53-FF05-48CB-B643-2D9DB5BB8DFA', '전하린', 'Mo', 83, -1826496798.75, 27.0, 1, 2),
  (65, '61ABFC1F-6BA6-4EDD-A2DD-B32187B08C5D', 'Evelyn Thompson', '', 19, 198548995.5, 0.0, 1, 1),
  (66, '55E4DD6D-E6AD-4516-9271-A534BCE3E898', 'Choi Yuna', NULL, 30, -141471022.75, 25.6, 1, 8),
  (67, 'D95D2ACB-FC9B-4FE7-84DA-C7BACEED6DB1', 'James Garcia', NULL, 21, 147111713.043, 81.5, 1, NULL),
  (68, 'A12BE3BB-C72D-4FB9-AF79-53DEF67B9587', 'Chloe Scott', 'Zo', 30, -143847652.856, 21.25, 1, NULL),
  (69, 'AD1E7630-EFE6-467B-8E0E-47CDC9C1F27F', 'Noah Davis', 'Kiki', 31, -185382934.112, 23.35, 1, 3),
  (70, '63AD6EBA-57C0-404D-A872-D7DFCBFB312D', 'Lucas Wilson', 'kim', 96, -2237159561.0, 59.51, 0, 1),
  (71, '57038514-56DA-40D7-9472-2FA39EEB2779', 'Zoey Flores', 'Kimmy', 7, 593568406.125, 72.5, 0, 5),
  (72, '74EEC3B1-AE91-4703-9115-49B1C36F69CC', '오현우', 'Doc', 66, -1275518153.036, 96.51, 1, 2),
  (73, 'CEA2F0E6-07DC-444D-A467-C2BC41A9574B', 'Harper Harris', NULL, 68, -1346844444.708, 24.76, 1, 2),
  (74, 'B65F4212-D3C6-4FFB-A120-D8FA1A900631', 'Logan White', 'the_boss', 45, -628601937.379, 23.1, 0, 2),
  (75, '626F3A16-E238-4BF5-AB5D-D055A1985447', 'Ana Lúcia Souza', NULL, 35, -306291952.192, 2.85, 0, 8),
  (76, '8916D464-FF32-435E-96EF-491DAD180EF1', 'Joséphine Martin', NULL, 65, -1238465070.0, 0.0, 1, NULL),
  (77, '6D8BA394-6980-457D-A0C1-A0C774C72687', 'Layla Edwards', NULL, 65, -1238974729.964, 58.51, 1, NULL),
  (78, 'AF155409-BAED-4520-8A21-D15AD8059BCE', 'Jose Ramirez', NULL, 53, -864627561.768, 0.0, 0, NULL),
  (79, 'E2092E04-91D0-4BDE-BEED-5832F317C241', '김지훈', NULL, 65, -1244323717.25, 15.01, 0, 2),
  (80, '8972981C-E1DB-4C72-AE61-78C9D5024E2E', 'Lee Jiwoo', NULL, 20, 160578082.75, 15.76, 1, 7),
  (81, '9DEDFF19-8C12-4F7E-8401-68CE7DC1AE44', 'Håkon Berg', NULL, 39, -428365013.976, 78.51, 0, 2),
  (82, '8842794B-AC5A-40E7-B56B-0C978E2C643A', 'Nora Roberts', NULL, 97, -2254588637.5, 88.76, 0, 11),
  (83, '82DAACB3-93B0-4160-A0A9-9EE3F7A1F5B6', '김서연', NULL, 96, -2227792038.021, 3.51, 1, NULL),
  (84, '31DFD073-BF5A-419B-8B4F-1AC3B59C3F85', 'Alexander Lee', NULL, 18, 238954738.247, 95.35, 1, 7),
  (85, 'E785202F-D65A-4354-BA0D-CE7C077AEC49', 'Nguyễn Văn An', 'Zo', 54, -899327577.75, 98.85, 1, 10),
  (86, '6EB615FE-FEF8-4227-B615-F59923072B58', 'Emma Brown', '꼬마', 64, -1210980454.0, 61.85, 1, 1),
  (87, '8A80020B-D7F9-46D6-8E63-F4BBEEF10FF2', 'Łukasz Nowak', 'Ace', 19, 198287520.924, 10.1, 0, 3),
  (88, '77336E48-9A62-4165-8511-705DB3192F61', 'Chloé Bernard', 'Bear', 93, -2121779298.776, 50.0, 1, NULL),
  (89, '0E1E8AAC-9938-4AEF-9552-F4822C8864A5', 'Henry Rodriguez', 'Kimmy', 71, -1445331497.493, -1.0, 1, 2),
  (90, 'A92BFCD4-D307-4C81-B028-59D6D516AB0A', 'Victoria Baker', 'Zo', 30, -147480709.566, 43.76, 0, 10),
  (91, 'C2A26710-6E52-4948-9452-3378FA51B10C', '송준서', 'Bear', 17, 261715591.25, -12.75, 1, 11),
  (92, 'D095B6C5-A9A4-418C-8F58-C62DB1F00879', 'Kimura Haruto', 'Doc', 61, -1121798356.5, 23.5, 1, 4),
  (93, '26FDAD43-F796-4FC9-80FB-160C43BDD0DF', 'Isaac Morris', NULL, 31, -169272559.461, 66.6, 0, 7),
  (94, 'D83AAA11-F711-4A91-92AB-E0721EE6EA91', 'Kim Jisoo', NULL, 23, 89775250.275, 40.01, 1, 8),
  (95, '1402F8B4-6D40-48F9-9D30-0DC4DAE9F017', 'Charlotte Martinez', NULL, 3, 704766766.87, 27.01, 0, 4),
  (96, 'DAE7661D-9D56-462B-BAB5-946BD035F0EA', 'Lily Phillips', 'Zo', 39, -427138080.5, 3.51, 0, 2),
  (97, '76AA05FC-4355-4756-8A48-E01E75666B02', 'Carter Hill', 'Cap', 30, -136339807.112, 72.5, 1, NULL),
  (98, '8627C79F-8445-4467-B77D-66B87A512DEA', 'Ella Walker', '별', 70, -1406640798.25, 0.0, 1, 5),
  (99, 'C210C3AA-F9FC-4E05-A64E-F7DE98B9A368', 'Hannah Turner', '', 17, 267542344.085, 68.01, 1, NULL),
  (100, '5EDDBB98-6E20-48D7-8DF2-9845D332A30F', '안지아', NULL, 21, 140582393.75, 72.5, 1, 2),
  (101, '5240AE68-7EED-41F9-9A3D-7F441BAE9EF7', 'Isabella Anderson', 'Red', 13, 399352262.52, 33.75, 1, 10),
  (102, 'B5A92A64-5490-46FC-B40B-3DAC1A0CFE0D', '정하준', 'Red', 52, -826058337.179, 88.6, 1, 1),
  (103, '53BCB488-140B-4DBD-9BBD-BC4933B0C7A5', 'Mia Moore', NULL, 18, 228858456.577, 85.35, 1, 2),
  (104, 'CE4A5509-E212-45A9-89E0-BCDB90E7A0F6', 'Chloe Bernard', NULL, 95, -2201134645.089, 95.01, 1, 7),
  (105, 'FEEBFB0F-3B96-419A-BB4B-9C98932A9A64', 'Luke Torres', NULL, 73, -1500654968.75, 66.6, 1, NULL),
  (106, 'C1999768-670F-4D65-B3BA-64C773FEDA13', 'Jayden Collins', NULL, 31, -188459554.75, 2.5, 0, 1),
  (107, '07EF3DC8-C796-44A9-A7F7-BEB10A4A5842', 'Zoe Campbell', 'JJ', 30, -133879770.75, 66.5, 1, 11),
  (108, '555CBAC7-89ED-4CBC-B304-989C7A53873D', 'Matthew Young', NULL, 61, -1128538665.5, 88.6, 1, 11),
  (109, 'D62D2B1C-D2F2-4417-9D22-4CDCE2DE469E', 'Rene Laurent', NULL, 29, -101524176.75, 56.76, 1, 3),
  (110, '24E02DCC-8597-4266-97A0-768BC839D4F2', '한지민', NULL, 17, 252312485.5, 99.35, 1, 4),
  (111, '36087CF3-BD96-478B-8FC3-E65168BAFB4F', 'Ängel Ström', NULL, 31, -164714126.5, 99.9, 1, NULL),
  (112, '9F3DE86F-542B-4C01-8E1B-C486DC993FFB', 'Riley Nelson', '하니', 47, -676990026.811, 61.26, 1, 2),
  (113, '6097D746-8CC5-4818-B68E-93D08B6C458E', 'Gabriel Stewart', NULL, 94, -2159876559.75, 33.3, 1, 11),
  (114, '285D2349-D07B-4C48-B085-F3D0F6D2B87D', 'Levi Murphy', NULL, 41, -505280287.5, 90.76, 1, 10),
  (115, '15A90320-7F96-4A28-90DF-CFE675AACBC0', 'Grace King', 'kim', 87, -1933430613.5, 50.0, 0, 5),
  (116, '4AB2766C-EFB0-4B4C-A840-D06F359392FA', 'Zoë Adams', 'Em', 48, -723963136.0, 100.0, 1, 11),
  (117, 'CB275B86-191C-4C0E-B785-75A74EF049D9', 'Björn Larsson', 'kim', 64, -1220541625.876, 54.25, 0, NULL),
  (118, '2F02C5CE-6251-480A-BD92-BE424E174729', 'Aria Parker', NULL, 79, -1687779559.318, 10.25, 1, 8),
  (119, '19806636-4C95-49D2-887F-7C8322DCD01E', 'Jürgen Müller', NULL, 30, -136477959.5, 33.3, 1, 5),
  (120, 'D6F53436-0F79-4971-8302-6015971FEFF2', '최유진', NULL, 45, -618861933.934, -1.25, 1, 1),
  (121, '70B3E08A-A6A7-40DB-B560-EA6150F79051', 'Penelope Nguyen', NULL, 23, 83633408.75, -0.74, 1, NULL),
  (122, 'BBFD22D9-2254-4EA2-92D3-BE923F9E91A7', 'Zoe Hart', 'kim', 21, 139057327.75, 5.5, 1, 1),
  (123, '4AA70CE5-6DEA-4034-B103-6716D83CD416', 'Kim Rogers', NULL, 2, 752267415.0, 43.6, 1, NULL),
  (124, 'F6A56D56-5DD2-43DD-9BD6-15C6548CC7D4', '권민서', NULL, 11, 440981575.542, 38.85, 0, 2),
  (125, '58FE9C78-4A6B-4AB1-89EA-CB6095D0A493', 'Owen Mitchell', 'Kiki', 9, 531256140.5, 53.35, 1, 2),
  (126, 'B9BD4BAD-219F-448E-AC1E-CB5E7BA07D05', 'Wyatt Carter', 'Liv', 54, -899006791.004, 74.76, 1, NULL),
  (127, 'EBB2C450-4ABF-4169-B8C9-344DF9856EAF', 'Abigail Clark', NULL, 21, 145393856.75, 62.1, 1, 8),
  (128, '704C59DA-F1CA-476D-BE13-36E093E35CFC', 'Olivia Smith', 'Ace', 36, -324917120.824, 50.0, 1, 11),
  (129, '29A12DED-FCF6-47BB-B9EC-34F922F47008', '임수아', NULL, 46, -637109705.284, 66.6, 0, 1),
  (130, '4EA1C5FF-2779-4627-B99F-9A2160FD628C', '김하늘', NULL, 20, 177713285.25, -0.15, 0, 10),
  (131, '42AF004C-AD61-4BEC-BED8-BDF438BA941C', 'Joseph Adams', NULL, 66, -1286041136.0, 43.1, 1, 10),
  (132, '2B55F968-7BAC-4F02-8459-001231481EB1', '신은우', NULL, 0, 804409767.815, 20.6, 1, 6),
  (133, '15BA8BD8-56B8-48DC-A915-8BB1B168F582', '조서준', 'Tay''', 46, -661646381.0, 8.0, 1, NULL),
  (134, 'A879F44C-F822-48E3-A082-70820CEBFEAA', 'Anna Rivera', NULL, 44, -588887721.191, 10.1, 1, 1),
  (135, 'BD5A40A4-3F9A-4D80-B5C4-283790B694DF', 'Park Minji', NULL, 57, -987759605.25, 50.0, 1, NULL),
  (136, '8A6E7D83-135F-4257-A5DB-7E6259BC0551', 'Sinéad O''Connor-Walsh', 'the_boss', 30, -133072341.26, 57.0, 1, 7),
  (137, 'ECF71311-9F6B-461C-9C7E-B2FB5D2D65A6', 'Søren Nielsen', NULL, 56, -956843797.111, -3.0, 1, 5),
  (138, 'FFBA44F6-312F-435E-9EA6-12B0B5081A6D', 'Ethan Thomas', NULL, 40, -460942041.5, 2.0, 1, 8),
  (139, '471E8430-A8C4-41FD-8E8A-E8A38ABC8466', 'Emily Lewis', 'Tay''', 58, -1034588090.5, 50.5, 1, 11),
  (140, '21409EA5-09EB-40DD-AE8D-1ED0A107A6EF', '장예준', NULL, 41, -504650702.0, 12.51, 0, 7),
  (141, 'BD41299A-A7D3-4DF1-B6FA-C43777BE045C', '박서진', '', 18, 222822077.25, 1.76, 1, 6),
  (142, '5A751EEB-4B98-4894-9EBF-87B62A9A8DDD', 'Mason Taylor', NULL, 20, 163229979.0, 50.6, 1, 10),
  (143, 'C5716B8B-7F87-4611-B9DB-5D01EEAE2997', 'Renée Fischer', NULL, 76, -1600557375.25, 85.76, 1, NULL),
  (144, '06C2D638-89D9-43F8-B6A3-252718E8FF9C', 'Scarlett Allen', 'Bear', 65, -1248576081.5, -3.15, 0, 11),
  (145, 'F1483BED-6C79-4FF1-9B1B-FB0BE80CD48E', '강도윤', NULL, 33, -230270244.937, 88.5, 1, 2),
  (146, '1DE51D36-8982-47B9-8DBC-3AD09CC44915', 'Håkon Berg', 'Mo', 56, -951935416.171, 33.3, 1, 6),
  (147, '0CAB6176-1E21-4EFD-A453-BDA2CDB22E2A', 'Riley Nelson', 'JJ', 29, -106034560.132, 53.51, 1, 5),
  (148, '4CADB4EE-4EBC-4EF2-B56E-86392D2DFB7D', 'Scarlett Allen', NULL, 35, -291434019.562, 9.25, 0, NULL),
  (149, 'BBD8055E-593C-4135-89F2-210982D1332D', 'Levi Murphy', NULL, 65, -1245444269.0, 100.0, 1, 11),
  (150, '440B0534-CEDB-4232-875A-9CEB25E722FB', 'Aria Parker', 'Bear', 73, -1498028518.59, 69.75, 1, 2);

INSERT INTO interests (id, title, category) VALUES
  (1, '등산', 'outdoors'),  -- Korean: hiking
  (2, '독서', 'culture'),  -- Korean: reading
  (3, '요리', 'food'),  -- Korean: cooking
  (4, '요가', 'fitness'),  -- Korean: yoga (prefix 요)
  (5, '요트', 'outdoors'),  -- Korean: yachting (prefix 요)
  (6, 'Hiking', 'outdoors'),
  (7, 'Reading', 'culture'),
  (8, 'Cooking', NULL),  -- nil category
  (9, 'Chess', 'games'),
  (10, '50% discount hunting', 'shopping'),  -- '%'
  (11, 'snake_case naming', NULL),  -- '_'; nil category
  (12, 'snakeXcase naming', 'programming'),  -- decoy: matches LIKE 'snake_case%'
  (13, 'Café hopping', 'food'),  -- composed é
  (14, 'Cafe' || char(769) || ' hopping', 'food'),  -- decomposed é ('Cafe' || char(769))
  (15, 'Knitting', NULL),  -- nil category
  (16, 'Photography', 'arts'),
  (17, 'Running', 'fitness'),
  (18, 'Stamp collecting', 'hobby'),  -- nobody has it
  (19, 'Origami', NULL),  -- nobody has it; nil category
  (20, 'kimchi making', 'food');  -- contains 'kim'

INSERT INTO userInterests (userID, interestID) VALUES
  (1, 1), (1, 2), (1, 3),
  (2, 3), (2, 4), (2, 5),
  (3, 1), (3, 4),
  (4, 13), (4, 6),
  (5, 14), (5, 7),
  (6, 9),
  (8, 16), (8, 17),
  (9, 16),
  (10, 2), (10, 7),
  (12, 1), (12, 20),
  (13, 1),
  (14, 20), (14, 3),
  (15, 6), (15, 7), (15, 8),
  (16, 20), (16, 3), (16, 8),
  (17, 9),
  (18, 9), (18, 16),
  (19, 11),
  (20, 10),
  (21, 11),
  (23, 10),
  (24, 2),
  (27, 15),
  (28, 20),
  (30, 17),
  (31, 15), (31, 16),
  (32, 1),
  (33, 3), (33, 4), (33, 5), (33, 20),
  (34, 6), (34, 9),
  (35, 7),
  (36, 6),
  (38, 2), (38, 9),
  (39, 17), (39, 6),
  (40, 9),
  (41, 7), (41, 13), (41, 3), (41, 14),
  (43, 6), (43, 8),
  (44, 10), (44, 7), (44, 12), (44, 16),
  (45, 9), (45, 4), (45, 6), (45, 1),
  (46, 7), (46, 3), (46, 6), (46, 12),
  (47, 3), (47, 10), (47, 8),
  (48, 9), (48, 2),
  (49, 3), (49, 13),
  (50, 6), (50, 9), (50, 17),
  (51, 14), (51, 13), (51, 8),
  (52, 1), (52, 16), (52, 15),
  (53, 13), (53, 5),
  (54, 6), (54, 13), (54, 1), (54, 3),
  (55, 9), (55, 5), (55, 4),
  (56, 1), (56, 2), (56, 5),
  (57, 1), (57, 13),
  (58, 6), (58, 16), (58, 3),
  (59, 9), (59, 17), (59, 11),
  (60, 9), (60, 10),
  (61, 11), (61, 9), (61, 17), (61, 13),
  (63, 5), (63, 7),
  (65, 10), (65, 17), (65, 9),
  (66, 3), (66, 15), (66, 20),
  (67, 1), (67, 8),
  (68, 3), (68, 6), (68, 9), (68, 10), (68, 16),
  (69, 16), (69, 1), (69, 17),
  (70, 4), (70, 6),
  (71, 7), (71, 9), (71, 6), (71, 8),
  (72, 9), (72, 7), (72, 17), (72, 11),
  (73, 14), (73, 16),
  (74, 4), (74, 1), (74, 12),
  (75, 3), (75, 20), (75, 9),
  (76, 9), (76, 15), (76, 1), (76, 12), (76, 2),
  (77, 8), (77, 11), (77, 17),
  (78, 16), (78, 9), (78, 7), (78, 10), (78, 11),
  (79, 9), (79, 4), (79, 12), (79, 16),
  (80, 16), (80, 8), (80, 17),
  (81, 16), (81, 2), (81, 3),
  (82, 8), (82, 7),
  (84, 7), (84, 14), (84, 15), (84, 9),
  (85, 20), (85, 17), (85, 14),
  (86, 17), (86, 16), (86, 2), (86, 7),
  (87, 17), (87, 6), (87, 16),
  (88, 3), (88, 9), (88, 16),
  (89, 11), (89, 1), (89, 3), (89, 5),
  (90, 20), (90, 16), (90, 8), (90, 17),
  (91, 4),
  (92, 3), (92, 4), (92, 5),
  (93, 8), (93, 16), (93, 13), (93, 3), (93, 12),
  (94, 17), (94, 7), (94, 10), (94, 9), (94, 20),
  (95, 17), (95, 13), (95, 16), (95, 10),
  (96, 20), (96, 7), (96, 12), (96, 3),
  (97, 3), (97, 6), (97, 7), (97, 1), (97, 8),
  (98, 14), (98, 1), (98, 2), (98, 9),
  (100, 12),
  (101, 8), (101, 6), (101, 2),
  (102, 9), (102, 3),
  (103, 6), (103, 9), (103, 16), (103, 17),
  (104, 20), (104, 13),
  (105, 6), (105, 4),
  (106, 6), (106, 10),
  (107, 12),
  (108, 10),
  (109, 14), (109, 5),
  (110, 6), (110, 12), (110, 10),
  (111, 9), (111, 20), (111, 1), (111, 16), (111, 13),
  (112, 8), (112, 10), (112, 9), (112, 13),
  (113, 7), (113, 9), (113, 11), (113, 13),
  (114, 17),
  (115, 6), (115, 7), (115, 11),
  (116, 12), (116, 17), (116, 9),
  (117, 6), (117, 3), (117, 7), (117, 14),
  (118, 7), (118, 10), (118, 4),
  (120, 13), (120, 5), (120, 3),
  (121, 3), (121, 8),
  (122, 17), (122, 6), (122, 5),
  (123, 14),
  (124, 13),
  (126, 10), (126, 16),
  (127, 9), (127, 16), (127, 12), (127, 8), (127, 7),
  (128, 1), (128, 9), (128, 15), (128, 17), (128, 6),
  (129, 9), (129, 6), (129, 12), (129, 11),
  (130, 3), (130, 17),
  (131, 16), (131, 3), (131, 1),
  (132, 3), (132, 9),
  (133, 17), (133, 7), (133, 12),
  (134, 5), (134, 16), (134, 10),
  (135, 15), (135, 14), (135, 20),
  (136, 6), (136, 17), (136, 16),
  (137, 9), (137, 13), (137, 16),
  (138, 5), (138, 3),
  (140, 7), (140, 20), (140, 13), (140, 10),
  (141, 9), (141, 13), (141, 10),
  (142, 16), (142, 7), (142, 14),
  (143, 17), (143, 9),
  (144, 15), (144, 7),
  (145, 15), (145, 16), (145, 3),
  (146, 6), (146, 7), (146, 12),
  (148, 7), (148, 10), (148, 5), (148, 3),
  (149, 17), (149, 3), (149, 13), (149, 9), (149, 1),
  (150, 7), (150, 14);

-- ============================================================ Reminders data

INSERT INTO remindersLists (id, title, color, position) VALUES
  (1, 'Personal', 0x4A99EF, 0),
  (2, 'Work', 0xEF7E4A, 1),
  (3, '장보기', 0x52C41A, 2),  -- Korean: groceries
  (4, 'Family', 0xB25FEA, 3),
  (5, 'Someday', 0x000000, 4),  -- no reminders; color 0 (black)
  (6, 'Travel_2027', 0xFFFFFF, 5);  -- no reminders; '_'; color 0xFFFFFF

INSERT INTO reminders (id, remindersListID, title, notes, isCompleted, dueDate, priority, status, position) VALUES
  (1, 1, 'Call mom', '', 0, '2026-11-30 00:00:00.000', 2, 'todo', 0),  -- due exactly at midnight
  (2, 1, 'Pay rent', 'Transfer by the 1st', 0, '2026-11-30 23:59:59.999', 3, 'todo', 1),  -- last millisecond before midnight
  (3, 1, 'Dentist appointment', 'Bring insurance card', 0, '2026-12-01 09:00:00.000', 2, 'todo', 2),  -- same dueDate as several others
  (4, 1, 'Renew passport', '', 0, '2026-12-01 09:00:00.000', 3, 'inProgress', 3),  -- same dueDate
  (5, 1, 'Water plants', '', 1, '2026-11-28 08:00:00.000', NULL, 'done', 4),  -- past, completed
  (6, 1, '  Water plants  ', 'duplicate with spaces', 0, '2026-11-28 08:00:00.000', NULL, 'todo', 5),  -- leading/trailing spaces; same dueDate as previous
  (7, 1, '', 'untitled reminder', 0, NULL, NULL, 'todo', 5),  -- empty title; nil dueDate; nil priority; no tags
  (8, 1, '50% off sale at the bookstore', 'ends Sunday', 0, '2026-12-06 23:59:59.999', 1, 'todo', 7),  -- '%'
  (9, 1, 'Return library books', 'Line one' || char(10) || 'line two', 0, '2026-11-15 18:00:00.000', 1, 'todo', 8),  -- overdue; notes with a newline
  (10, 1, 'Café with Renée', '', 0, '2026-12-03 15:30:00.000', NULL, 'todo', 9),  -- composed é
  (11, 1, 'Cafe' || char(769) || ' with Rene' || char(769) || 'e', 'typed on another device', 0, '2026-12-03 15:30:00.000', NULL, 'todo', 10),  -- decomposed é; same dueDate
  (12, 1, 'Gym', '', 1, '2026-11-29 00:00:00.000', 1, 'done', 11),  -- midnight today
  (13, 1, 'Gym', '', 0, '2026-12-29 00:00:00.000', 1, 'todo', 12),  -- same title as previous
  (14, 1, 'Book flights', 'compare 50_50 fares', 0, '2027-01-15 12:00:00.000', 2, 'inProgress', 13),  -- '_' in notes
  (15, 1, 'Old import', 'from the 1990s sync', 1, '1999-12-31 23:59:59.999', NULL, 'done', 14),  -- due before 2001
  (16, 1, 'Leap day check', '', 1, '2024-02-29 12:00:00.000', 1, 'done', 15),  -- leap day
  (17, 1, 'Straße reservieren', '', 0, '2027-03-01 10:00:00.000', 2, 'todo', 16),  -- ß
  (18, 1, 'STRASSE permit', '', 0, NULL, 3, 'todo', 17),  -- upper-case STRASSE
  (19, 1, 'Back up photos', 'to C:\Backups\2026', 0, '2026-12-31 23:59:59.999', NULL, 'todo', 18),  -- backslash in notes
  (20, 1, 'Reading list', '', 0, NULL, NULL, 'todo', 19),  -- nil dueDate, nil priority, no tags
  (21, 1, 'Update résumé', '', 0, '2030-01-01 00:00:00.000', 1, 'todo', 20),  -- far future
  (22, 2, 'Rename snake_case columns', 'snake_case -> camelCase', 0, '2026-12-02 17:00:00.000', 2, 'inProgress', 0),  -- '_'
  (23, 2, 'Rename snakeXcase helper', '', 0, '2026-12-02 17:00:00.000', 1, 'todo', 1),  -- decoy for '_'; same dueDate
  (24, 2, 'Call O''Brien', 're: O''Brien & Sons contract', 0, '2026-12-01 09:00:00.000', 3, 'todo', 2),  -- quote; same dueDate as list 1
  (25, 2, 'Fix back\slash in paths', 'C:\Users\kim\Documents', 0, '2026-11-20 12:00:00.000', 3, 'inProgress', 3),  -- backslash; overdue
  (26, 2, 'Quarterly report', '', 0, '2026-12-31 00:00:00.000', 3, 'todo', 4),
  (27, 2, 'Team lunch', '', 1, '2026-11-27 12:30:00.000', NULL, 'done', 5),
  (28, 2, 'Review PR #42', 'LGTM?', 1, '2026-11-26 10:00:00.000', 2, 'done', 6),
  (29, 2, 'Deploy v2.0', '', 0, '2026-12-01 09:00:00.000', 3, 'todo', 7),  -- same dueDate
  (30, 2, 'Write 100% test coverage', 'as if', 0, NULL, 1, 'todo', 8),  -- '%'
  (31, 2, 'Email Kim', '', 0, '2026-11-30 00:00:00.000', 2, 'todo', 9),  -- midnight
  (32, 2, 'email kim', 'duplicate?', 0, '2026-11-30 00:00:00.000', 2, 'todo', 10),  -- differs only in case
  (33, 2, 'EMAIL KIM', '', 1, '2026-11-30 00:00:00.000', NULL, 'inProgress', 11),  -- upper case; isCompleted but status inProgress
  (34, 2, 'Expense report', '', 0, '2026-10-31 23:59:59.999', 2, 'done', 12),  -- status done but not isCompleted
  (35, 2, '1:1 with manager', '', 0, '2026-12-07 14:00:00.000', NULL, 'todo', 13),
  (36, 2, 'Plan offsite', 'Seoul or Busan', 0, '2027-04-01 00:00:00.000', 1, 'todo', 14),
  (37, 2, 'Archive old tickets', '', 1, NULL, 1, 'done', 15),  -- completed without dueDate
  (38, 2, 'Security training', '', 0, '2026-11-29 23:59:59.999', 3, 'inProgress', 16),  -- last millisecond of today
  (39, 2, 'Update Zoë on roadmap', '', 0, '2026-12-04 11:00:00.000', 2, 'todo', 17),  -- composed ë
  (40, 2, '', '', 0, NULL, NULL, 'todo', 18),  -- empty title and notes
  (41, 2, 'Order 50% more monitors', '', 0, NULL, 2, 'todo', 19),  -- '%'
  (42, 2, 'Interview candidate', 'Kimberly from Globex', 0, '2026-12-03 15:30:00.000', 2, 'todo', 20),  -- same dueDate as reminders in list 1
  (43, 2, 'Submit timesheet', '', 1, '2026-11-27 23:59:59.999', 1, 'done', 21),
  (44, 2, 'Prepare slides', '', 0, '2026-12-08 08:00:00.000', 3, 'inProgress', 22),
  (45, 2, 'Renew SSL certificate', 'expires_at 2027-01-01', 0, '2026-12-31 23:59:59.999', 3, 'todo', 23),
  (46, 2, 'Book meeting room', '', 0, '2026-12-01 08:59:59.999', 1, 'todo', 24),  -- one millisecond before the shared timestamp
  (47, 3, '우유 사기', '저지방', 0, '2026-11-27 10:00:00.000', NULL, 'todo', 0),  -- Korean title
  (48, 3, '두부', '', 1, '2026-12-29 11:00:00.000', 1, 'done', 1),
  (49, 3, '김치', '엄마한테 물어보기', 0, '2026-11-30 12:00:00.000', 2, 'todo', 2),
  (50, 3, '계란 30구', '', 0, NULL, 3, 'todo', 3),
  (51, 3, 'Eggs', '', 0, '2026-11-02 14:00:00.000', NULL, 'todo', 4),
  (52, 3, 'Milk', '2%', 0, '2026-12-05 15:00:00.000', 1, 'todo', 5),
  (53, 3, 'Bread', '', 1, '2026-11-27 16:00:00.000', 2, 'done', 6),
  (54, 3, 'Coffee beans', '', 0, NULL, 3, 'todo', 7),
  (55, 3, 'Olive oil', '', 0, '2026-11-30 10:00:00.000', NULL, 'todo', 8),
  (56, 3, 'Apples', '', 0, '2026-12-01 11:00:00.000', 1, 'todo', 9),
  (57, 3, '쌀 10kg', '', 0, '2026-11-02 12:00:00.000', 2, 'todo', 10),
  (58, 3, '라면', '', 1, NULL, 3, 'done', 11),
  (59, 3, 'Kimchi jars', '', 0, '2026-11-27 14:00:00.000', NULL, 'todo', 12),
  (60, 3, 'Snacks_for_kids', '', 0, '2026-12-29 15:00:00.000', 1, 'todo', 13),
  (61, 3, 'Toilet paper', '', 0, '2026-11-30 16:00:00.000', 2, 'todo', 14),
  (62, 3, 'Bananas', '', 0, NULL, 3, 'todo', 15),
  (63, 3, 'Oat milk', '', 1, '2026-11-02 10:00:00.000', NULL, 'done', 16),
  (64, 3, '귤 한 박스', '', 0, '2026-12-05 11:00:00.000', 1, 'todo', 17),
  (65, 4, 'Kim''s birthday party', 'cake + balloons', 0, '2026-12-12 18:00:00.000', 3, 'todo', 0),  -- quote; 'Kim'
  (66, 4, 'Pick up kids', '', 0, '2026-12-01 09:00:00.000', 3, 'todo', 1),  -- same dueDate
  (67, 4, 'Parent-teacher meeting', '', 1, '2026-11-10 16:00:00.000', 2, 'done', 2),
  (68, 4, '할머니 댁 방문', '', 0, '2026-12-24 00:00:00.000', 2, 'todo', 3),  -- Korean; midnight
  (69, 4, 'Family photo', '', 0, NULL, NULL, 'inProgress', 4),
  (70, 4, 'Book summer camp', '', 0, '2027-02-28 23:59:59.999', 1, 'todo', 5),
  (71, 4, 'Fix the bike', '', 0, NULL, 1, 'inProgress', 6),
  (72, 4, 'Vet for Mochi', 'annual shots', 1, '2026-09-01 09:00:00.000', 2, 'done', 7),
  (73, 4, 'Grandpa Tom 100th', '', 0, '2027-02-03 00:00:00.000', 3, 'todo', 8),
  (74, 4, 'Plan Chuseok trip', '추석', 0, '2027-09-14 00:00:00.000', NULL, 'todo', 9),
  (75, 4, 'Clean garage', '', 0, NULL, NULL, 'todo', 10),  -- no tags
  (76, 4, 'Netflix password', 'ask_dad', 1, NULL, NULL, 'done', 11),
  (77, 4, 'Halloween costumes', '', 1, '2026-10-31 00:00:00.000', 1, 'done', 12),
  (78, 4, 'Thank-you cards', '', 0, '2026-12-01 00:00:00.000', 1, 'todo', 13),  -- midnight
  (79, 4, 'Call grandma', '', 0, '2026-12-01 09:00:00.001', 2, 'todo', 14),  -- one millisecond after the shared timestamp
  (80, 4, 'School forms', 'sign & return', 0, '2026-11-25 08:00:00.000', 3, 'todo', 15),  -- overdue
  (81, 4, 'Buy gifts', '50% budget left', 0, '2026-12-20 00:00:00.000', 2, 'inProgress', 16),
  (82, 4, 'Zoo trip', '', 1, '2025-05-05 10:00:00.000', NULL, 'done', 17);  -- last year

INSERT INTO tags (id, title) VALUES
  (1, 'home'),
  (2, 'work'),
  (3, 'urgent'),
  (4, 'Urgent'),  -- differs from 3 only in case
  (5, 'errand'),
  (6, '가족'),  -- Korean: family
  (7, '50%'),  -- '%'
  (8, 'waiting_on'),  -- '_'
  (9, 'waitingXon'),  -- decoy for '_'; on no reminder
  (10, 'Café'),  -- composed é
  (11, 'Cafe' || char(769)),  -- decomposed é; distinct under UNIQUE
  (12, 'someday');  -- on no reminder

INSERT INTO reminderTags (reminderID, tagID) VALUES
  (1, 1), (1, 6),
  (2, 1), (2, 3),
  (3, 5),
  (4, 3), (4, 5),
  (5, 1),
  (6, 1),
  (8, 7), (8, 5),
  (9, 5),
  (10, 10),
  (11, 11),
  (12, 1),
  (14, 8),
  (17, 2),
  (18, 2), (18, 3),
  (19, 1),
  (21, 1),
  (22, 2), (22, 8),
  (23, 2),
  (24, 2), (24, 3), (24, 8),
  (25, 2), (25, 3),
  (26, 2), (26, 4),
  (27, 2),
  (28, 2),
  (29, 2), (29, 4), (29, 3),
  (30, 2), (30, 7),
  (31, 2), (31, 8),
  (32, 2),
  (34, 2), (34, 5),
  (35, 2),
  (36, 2), (36, 8),
  (37, 2),
  (38, 2), (38, 3), (38, 4),
  (39, 2),
  (41, 2), (41, 7),
  (42, 2), (42, 8),
  (43, 2), (43, 5),
  (44, 2), (44, 3), (44, 4),
  (45, 2), (45, 3), (45, 8),
  (46, 2),
  (47, 5), (47, 6), (47, 1),
  (48, 5), (48, 1),
  (49, 6), (49, 1),
  (50, 5), (50, 1),
  (51, 5), (51, 1),
  (52, 5), (52, 7), (52, 1),
  (54, 10), (54, 5),
  (55, 5), (55, 1),
  (57, 5), (57, 6), (57, 3),
  (59, 6), (59, 5),
  (60, 6), (60, 8), (60, 5),
  (61, 5), (61, 3), (61, 1),
  (62, 5),
  (63, 5), (63, 11),
  (64, 5), (64, 6),
  (65, 6), (65, 1), (65, 3),
  (66, 6), (66, 3),
  (67, 6),
  (68, 6), (68, 1),
  (69, 6), (69, 10),
  (70, 6), (70, 8),
  (71, 1),
  (72, 6), (72, 5),
  (73, 6),
  (74, 6), (74, 8),
  (77, 6),
  (78, 6),
  (79, 6), (79, 1), (79, 3),
  (80, 6), (80, 3), (80, 8),
  (81, 6), (81, 5), (81, 7),
  (82, 6), (82, 1);

-- ============================================================ Categories
-- A tree of categories (each row's parentID is its parent's id; a root has none), for queries
-- that walk a self-relationship with a recursive sub-query.
CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  parentID INTEGER REFERENCES categories(id) ON DELETE CASCADE
);
CREATE INDEX categories_parentID ON categories(parentID);

INSERT INTO categories (id, title, parentID) VALUES
  (1, 'Home', NULL),
  (2, 'Kitchen', 1),
  (3, 'Groceries', 2),
  (4, 'Dairy', 3),
  (5, 'Garden', 1),
  (6, 'Work', NULL),
  (7, 'Projects', 6),
  (8, 'Launch', 7),
  (9, 'Cafe' || char(769), 2),  -- decomposed é
  (10, 'Café', 6);  -- composed é

-- ============================================================ Attachments
-- One table for several kinds of rows (StructuredQueries' `@Selection` enum `Attachment.Kind`):
-- each case's columns are NULL in the rows of the other cases. A link is `link`, a note `note`
-- (an empty note is still a note), an image `imageCaption` (optional: 9 has none) and `imageURL`.
CREATE TABLE attachments (
  id INTEGER PRIMARY KEY,
  reminderID INTEGER NOT NULL REFERENCES reminders(id) ON DELETE CASCADE,
  link TEXT,
  note TEXT,
  imageCaption TEXT,
  imageURL TEXT
);
CREATE INDEX attachments_reminderID ON attachments(reminderID);

INSERT INTO attachments (id, reminderID, link, note, imageCaption, imageURL) VALUES
  (1, 1, 'https://www.pointfree.co', NULL, NULL, NULL),
  (2, 1, NULL, 'Today was a good day', NULL, NULL),
  (3, 2, NULL, NULL, 'Blob', 'https://www.pointfree.co/blob.jpg'),
  (4, 3, NULL, '', NULL, NULL),
  (5, 5, 'https://swift.org', NULL, NULL, NULL),
  (6, 12, NULL, NULL, 'Gym plan', 'https://example.com/gym.png'),
  (7, 12, NULL, 'Bring a towel', NULL, NULL),
  (8, 20, NULL, NULL, '', 'https://example.com/blank.png'),
  (9, 21, NULL, NULL, NULL, 'https://example.com/untitled.png');

-- ============================================================ Checklists
-- StructuredQueries' JSON columns (`@Column(as: [String].JSONRepresentation.self)`): a Codable
-- array stored as its JSON text. Empty arrays, NULL, escapes and non-ASCII text are there to show
-- what `jsonArrayLength` and `jsonGroupArray` make of them.
CREATE TABLE checklists (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  items TEXT NOT NULL DEFAULT '[]',
  doneItems TEXT
);

INSERT INTO checklists (id, title, items, doneItems) VALUES
  (1, 'Packing', '["passport","charger","socks"]', '["passport"]'),
  (2, 'Groceries', '["milk","eggs","bread","oat milk"]', '[]'),
  (3, 'Empty', '[]', NULL),
  (4, 'Quotes', '["say \"hi\"","back\\slash","tab\tstop"]', '["say \"hi\""]'),
  (5, '장보기', '["우유", "달걀"]', NULL),  -- Korean; blanks after the comma, which json() leaves out
  (6, 'Launch', '["plan","build","ship"]', '["plan","build","ship"]');

-- ============================================================ Full-text search
-- An FTS5 index of the reminders' titles and notes (external content: the text is read from
-- `reminders`, and a row's rowid is its reminder's id). SQLiteData keeps such an index current
-- with triggers; the example data does not change, so it is built once.
CREATE VIRTUAL TABLE reminderTexts USING fts5(title, notes, content='reminders', content_rowid='id');
INSERT INTO reminderTexts(reminderTexts) VALUES ('rebuild');

COMMIT;
