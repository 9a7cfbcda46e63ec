                Models.swift:1:33: error: the raw value 1 is used by two cases
                enum Level: Int { case low = 1, high = 1, low }
                                                ^~~~~~~~
                Models.swift:1:43: error: the case 'low' is declared twice
                enum Level: Int { case low = 1, high = 1, low }
                                                          ^~~

