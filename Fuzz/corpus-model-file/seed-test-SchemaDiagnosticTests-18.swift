            enum Color { case red, green }
            enum Size: Double { case small = 1.0 }
