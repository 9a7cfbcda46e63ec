                Models.swift:1:6: error: the enum 'Color' needs an 'Int' or 'String' raw type to be stored, e.g. 'enum Color: Int'
                enum Color { case red, green }
                     ^~~~~
                Models.swift:2:6: error: the enum 'Size' needs an 'Int' or 'String' raw type to be stored, e.g. 'enum Size: Int'
                enum Size: Double { case small = 1.0 }
                     ^~~~

