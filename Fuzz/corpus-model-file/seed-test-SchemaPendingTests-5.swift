            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE tags (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
            CREATE TABLE userTags (userID INTEGER NOT NULL REFERENCES users(id), tagID INTEGER NOT NULL REFERENCES tags(id), PRIMARY KEY (userID, tagID));
            CREATE TABLE pairs (a INTEGER NOT NULL, b INTEGER NOT NULL, PRIMARY KEY (a, b));
            CREATE TABLE logs (message TEXT);
