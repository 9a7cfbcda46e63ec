                Models.swift:2:9: error: property 'mystery' needs a type annotation, such as 'var mystery: String'
                    var mystery
                        ^~~~~~~
                               : <#Type#>

