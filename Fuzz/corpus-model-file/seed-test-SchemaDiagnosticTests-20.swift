            enum Level: Int { case low = 1, high = 1, low }
