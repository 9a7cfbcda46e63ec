enum Level: Int { }
