                (model-file
                  (class A
                    (var a: [String: [Int?]]!)
                    (var b: Optional<Set<Int>>)
                    (let c: P)))

