import Sift

print("sift")
