                Models.swift:4:20: error: the model 'A' is declared twice
                @Model final class A {
                                   ^
                Models.swift:1:20: note: first declared here
                @Model final class A {
                                   ^

